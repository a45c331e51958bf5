import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/index.ts';
import { formatEvents } from '../../discord/present.ts';
import { comaWardGame } from './index.ts';
import { act, at, edit, newGame, text } from './fixture.test-helper.ts';

const names = ['Ana', 'Bea', 'Cid'];
const read = (code: string, params: Record<string, string | number | boolean> = {}, lang: 'en' | 'es' = 'en'): string => formatEvents([{ code, params, to: 'public' }], lang, names, (k, l) => text(k, l));

describe('comaward labels (issue 15 conventions: names, not ids; seats from 1)', () => {
  it('GIVEN the start of a turn WHEN legal commands are labelled THEN moves read the space name and its cost, and every label has words in both languages', () => {
    const s = newGame(3);
    const legal = comaWardGame.legalCommands(s, 0);
    for (const c of legal) {
      const label = comaWardGame.labelCommand?.(s, c, 0);
      expect(label, c.type).toBeDefined();
      for (const lang of ['en', 'es'] as const) {
        const line = read(label?.code ?? '', label?.params ?? {}, lang);
        expect(line, `${c.type} ${lang}`).not.toMatch(/comaward\.|\{\{|floor2-|nurses-station/);
      }
    }
    const move = legal.find((c) => c.type === 'move' && c.args['to'] === at('floor2', 6, 0));
    const label = comaWardGame.labelCommand?.(s, move as never, 0);
    expect(read(label?.code ?? '', label?.params ?? {})).toBe("Move to 2nd Floor, unexplored room by the 2nd Floor Nurses' Station (2 steps east) (2 move(s))");
  });

  it('§Movement: GIVEN the moves from the start WHEN labelled in English and Spanish THEN no two read alike (hallway spaces are named by floor, nearest landmark and direction, from the pack)', () => {
    const s = newGame(3);
    const moves = comaWardGame.legalCommands(s, 0).filter((c) => c.type === 'move');
    expect(moves.length).toBeGreaterThan(8);
    for (const lang of ['en', 'es'] as const) {
      const lines = moves.map((c) => {
        const label = comaWardGame.labelCommand?.(s, c, 0);
        return read(label?.code ?? '', { ...(label?.params ?? {}), cost: 0 }, lang);
      });
      expect(new Set(lines).size, lines.join('\n')).toBe(lines.length);
    }
    const by = (to: string, lang: 'en' | 'es' = 'en'): string => read('comaward.label.move', { spaceKey: `space.${to}.name`, cost: 1 }, lang);
    expect(by(at('floor2', 4, 1))).toBe("Move to 2nd Floor hallway, by the 2nd Floor Nurses' Station (south) (1 move(s))");
    expect(by(at('floor2', 4, 1), 'es')).toMatch(/^.*Planta 2, pasillo junto a «Control de enfermería de la planta 2» \(al sur\)/);
    expect(by(at('floor2', 0, 2))).toBe('Move to West Stairs, 2nd Floor (1 move(s))');
  });

  it('GIVEN a defender prompt WHEN its buttons are labelled THEN they read Dodge and Counter-Attack, and the attacker is named', () => {
    const s = act(edit(newGame(2), () => undefined), 'attack', { target: '1' }).state;
    const prompt = comaWardGame.prompts(s)[0];
    expect(prompt?.options.map((o) => t('en', o.label.code, o.label.params ?? {}))).toEqual(['Dodge', 'Counter-Attack']);
    const attack = comaWardGame.labelCommand?.(newGame(2), { type: 'attack', args: { target: '1' } }, 0);
    expect(read(attack?.code ?? '', attack?.params ?? {})).toBe('Attack Bea');
  });

  it('GIVEN the public view WHEN described THEN the table reads in words with names', () => {
    const lines = comaWardGame.describeView?.(comaWardGame.publicView(newGame(2))) ?? [];
    const words = lines.map((l) => read(l.code, l.params ?? {}));
    expect(words[0]).toBe('Prologue: Ana is playing; 0 clue(s) found, 0 room(s) revealed.');
    expect(words[1]).toBe("Ana in 2nd Floor Nurses' Station: Health 5, Terror 3, 0 item(s).");
  });
});
