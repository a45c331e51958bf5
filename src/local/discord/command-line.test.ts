import { describe, expect, it } from 'vitest';
import { CommandLineError, parseCommandLine, tokenize } from './command-line.ts';
import type { CommandDefinition } from './types.ts';

const game: CommandDefinition = {
  id: '1',
  application_id: '9',
  name: 'game',
  description: 'games',
  options: [
    {
      type: 1,
      name: 'new',
      options: [
        { type: 3, name: 'game', required: true, autocomplete: true },
        { type: 4, name: 'players' },
        { type: 5, name: 'public' },
        { type: 3, name: 'speed', choices: [{ name: 'Fast', value: 'fast' }, { name: 'Slow', value: 'slow' }] },
      ],
    },
    { type: 2, name: 'seat', options: [{ type: 1, name: 'give', options: [{ type: 6, name: 'to', required: true }, { type: 7, name: 'where' }] }] },
  ],
};
const resolvers = { user: (r: string) => (r === '@bob' ? '22' : undefined), channel: (r: string) => (r === '#games' ? '33' : undefined) };

describe('parseCommandLine', () => {
  it('GIVEN quotes WHEN tokenized THEN spaces inside them are kept', () => {
    expect(tokenize('/game new game:"the dungeon" players:2')).toEqual([
      { key: null, value: '/game', open: false },
      { key: null, value: 'new', open: false },
      { key: 'game', value: 'the dungeon', open: false },
      { key: 'players', value: '2', open: false },
    ]);
  });

  it('GIVEN a subcommand with typed options WHEN parsed THEN values take the registered types and choices map to values', () => {
    const parsed = parseCommandLine('/game new game:comanauts players:2 public:yes speed:Fast', [game], resolvers);
    expect(parsed.options).toEqual([
      {
        name: 'new',
        type: 1,
        options: [
          { name: 'game', type: 3, value: 'comanauts' },
          { name: 'players', type: 4, value: 2 },
          { name: 'public', type: 5, value: true },
          { name: 'speed', type: 3, value: 'fast' },
        ],
      },
    ]);
  });

  it('GIVEN a group, a user mention and a channel WHEN parsed THEN they nest and resolve to ids', () => {
    const parsed = parseCommandLine('/game seat give to:@bob where:#games', [game], resolvers);
    expect(parsed.options).toEqual([{ name: 'seat', type: 2, options: [{ name: 'give', type: 1, options: [{ name: 'to', type: 6, value: '22' }, { name: 'where', type: 7, value: '33' }] }] }]);
    expect(parsed.userIds).toEqual(['22']);
    expect(parsed.channelIds).toEqual(['33']);
  });

  it('GIVEN a partial line WHEN parsed for autocomplete THEN the last option is focused even when empty', () => {
    const parsed = parseCommandLine('/game new players:3 game:', [game], resolvers, { autocomplete: true });
    expect(parsed.focused).toEqual({ name: 'game', value: '' });
    expect(parsed.options[0]?.options?.at(-1)).toEqual({ name: 'game', type: 3, value: '', focused: true });
  });

  it.each([
    ['/nope', /unknown command \/nope/],
    ['/game', /needs a subcommand \(new, seat\)/],
    ['/game new players:2', /missing required option game/],
    ['/game new game:x players:two', /must be an integer/],
    ['/game new game:x speed:medium', /must be one of fast, slow/],
    ['/game new game:x colour:red', /has no option "colour"/],
    ['/game new game:x loose', /is not an option/],
    ['/game seat give to:@zed', /must name a user/],
    ['game new', /starts with \/name/],
  ])('GIVEN %j WHEN parsed THEN it is refused with a clear reason', (line, reason) => {
    expect(() => parseCommandLine(line, [game], resolvers)).toThrow(CommandLineError);
    expect(() => parseCommandLine(line, [game], resolvers)).toThrow(reason);
  });
});
