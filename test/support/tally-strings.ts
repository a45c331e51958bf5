import { addNamespace } from '../../src/discord/i18n.ts';
import { registerRenderer, createSurface, drawPanel, drawText, drawToken, encodePng, PALETTE } from '../../src/render/index.ts';

/** Strings of the test-only tally game, in both languages like every string. */
export function registerTallyStrings(): void {
  addNamespace('tally', {
    en: {
      noSeat: 'Only players may do that.', alreadyRevealed: 'Your secret is already public.', revealed: '{{seatName}} reveals a secret: {{secret}}.',
      answered: '{{seatName}} answers the challenge: {{accept}}.', noChallenge: 'Nobody challenged you.', added: '{{seatName}} adds {{n}}.',
      rolled: '{{seatName}} rolls a {{value}}.', challenged: '{{fromName}} challenges you.', passed: '{{seatName}} passes.', alone: 'There is nobody to challenge.',
      secret: 'Your secret number is {{value}}.', accept: 'Accept', refuse: 'Refuse',
      command: { add: 'Add {{n}}', roll: 'Roll a die', pass: 'Pass', reveal: 'Reveal my secret', challenge: 'Challenge the next player' },
    },
    es: {
      noSeat: 'Solo quienes juegan pueden hacer eso.', alreadyRevealed: 'Tu secreto ya es público.', revealed: '{{seatName}} revela un secreto: {{secret}}.',
      answered: '{{seatName}} responde al desafío: {{accept}}.', noChallenge: 'Nadie te ha desafiado.', added: '{{seatName}} suma {{n}}.',
      rolled: '{{seatName}} saca un {{value}}.', challenged: '{{fromName}} te desafía.', passed: '{{seatName}} pasa.', alone: 'No hay nadie a quien desafiar.',
      secret: 'Tu número secreto es {{value}}.', accept: 'Aceptar', refuse: 'Rechazar',
      command: { add: 'Sumar {{n}}', roll: 'Tirar un dado', pass: 'Pasar', reveal: 'Revelar mi secreto', challenge: 'Desafiar a la siguiente persona' },
    },
  });
  registerRenderer('tally', async (view: unknown) => {
    const v = view as { scores: number[]; turn: number };
    const surface = createSurface(640, 240);
    drawPanel(surface.ctx, { x: 10, y: 10, w: 620, h: 220 }, { title: 'Tally' });
    v.scores.forEach((score, i) => drawToken(surface.ctx, { x: 80 + i * 140, y: 130, radius: 40, label: String(score), fill: i === v.turn ? PALETTE.orange : PALETTE.muted }));
    drawText(surface.ctx, `turn ${v.turn + 1}`, { x: 30, y: 200 });
    return encodePng(surface.canvas);
  });
}
