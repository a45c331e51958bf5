import { addNamespace } from '../../src/i18n/index.ts';
import { addRendererModule } from '../../src/render/host.ts';

/** Strings of the test-only tally game, in both languages like every string, and its table picture (drawn where the render host draws). */
export function registerTallyStrings(): void {
  addNamespace('tally', {
    en: {
      noSeat: 'Only players may do that.', alreadyRevealed: 'Your secret is already public.', revealed: '{{seatName}} reveals a secret: {{secret}}.',
      answered: '{{seatName}} answers the challenge: {{accept}}.', noChallenge: 'Nobody challenged you.', added: '{{seatName}} adds {{n}}.',
      rolled: '{{seatName}} rolls a {{value}}.', challenged: '{{fromName}} challenges you.', passed: '{{seatName}} passes.', alone: 'There is nobody to challenge.',
      secret: 'Your secret number is {{value}}.', accept: 'Accept', refuse: 'Refuse', carried: 'Races run so far: {{games}}.',
      command: { add: 'Add {{n}}', roll: 'Roll a die', pass: 'Pass', reveal: 'Reveal my secret', challenge: 'Challenge the next player' },
    },
    es: {
      noSeat: 'Solo quienes juegan pueden hacer eso.', alreadyRevealed: 'Tu secreto ya es público.', revealed: '{{seatName}} revela un secreto: {{secret}}.',
      answered: '{{seatName}} responde al desafío: {{accept}}.', noChallenge: 'Nadie te ha desafiado.', added: '{{seatName}} suma {{n}}.',
      rolled: '{{seatName}} saca un {{value}}.', challenged: '{{fromName}} te desafía.', passed: '{{seatName}} pasa.', alone: 'No hay nadie a quien desafiar.',
      secret: 'Tu número secreto es {{value}}.', accept: 'Aceptar', refuse: 'Rechazar', carried: 'Carreras corridas hasta ahora: {{games}}.',
      command: { add: 'Sumar {{n}}', roll: 'Tirar un dado', pass: 'Pasar', reveal: 'Revelar mi secreto', challenge: 'Desafiar a la siguiente persona' },
    },
  });
  // The same extension as this file: `.ts` through tsx, `.js` in the compiled bench build.
  addRendererModule(new URL(`./tally-render${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href);
}
