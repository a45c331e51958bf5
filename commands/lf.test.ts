import { describe, expect, it } from 'vitest';
import type { CommandLabel, GameCommand } from '../src/core/index.ts';
import { lifeformCommandSchemas } from '../src/games/lifeform/index.ts';
import { LF_GROUPS, lfChoices, typesOf } from './lf.ts';

describe('/lf (issue 17 "Commands")', () => {
  it('issue 17 §Commands: every Lifeform command type is offered by exactly one /lf subcommand (and all by /lf any)', () => {
    for (const type of Object.keys(lifeformCommandSchemas)) {
      expect(Object.values(LF_GROUPS).filter((g) => g.includes(type)), type).toHaveLength(1);
    }
    expect(typesOf('any')).toBeNull();
  });

  it('issue 17 §Commands: a subcommand autocompletes only the legal commands of its group, values pointing into the whole legal list', () => {
    const commands: GameCommand[] = [
      { type: 'play', args: { card: 'dash.1', row: 0 } },
      { type: 'noReaction', args: {} },
      { type: 'play', args: { card: 'dash.1', row: 1 } },
      { type: 'pass', args: {} },
    ];
    const labels: CommandLabel[] = [
      { code: 'lf.label.pass', rank: 10 },
      { code: 'lf.label.noReaction', rank: 1 },
      { code: 'lf.label.stop', rank: 10 },
      { code: 'lf.label.pass', rank: 40 },
    ];
    const legal = { seq: 7, commands, labels };
    expect(lfChoices('en', legal, typesOf('card'), '', { seatNames: [] }).map((c) => c.value)).toEqual(['7.0', '7.2']);
    expect(lfChoices('en', legal, typesOf('react'), '', { seatNames: [] })).toEqual([{ name: 'No reaction', value: '7.1' }]);
    expect(lfChoices('es', legal, typesOf('react'), '', { seatNames: [] })).toEqual([{ name: 'Sin reacción', value: '7.1' }]);
    expect(lfChoices('en', legal, null, '', { seatNames: [] }).map((c) => c.value)).toEqual(['7.1', '7.0', '7.2', '7.3']);
    expect(lfChoices('en', legal, null, 'stop', { seatNames: [] }).map((c) => c.value)).toEqual(['7.2']);
  });
});
