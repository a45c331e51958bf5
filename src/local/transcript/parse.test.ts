import { describe, expect, it } from 'vitest';
import { expandTimes, parseDuration, parsePath, parseTranscript, stripComment, TranscriptSyntaxError } from './parse.ts';

const one = (line: string) => {
  const steps = parseTranscript(line, 't.txt');
  expect(steps).toHaveLength(1);
  return steps[0];
};

describe('parseTranscript', () => {
  it('GIVEN comments and blank lines WHEN parsed THEN they produce no steps and line numbers stay true', () => {
    const steps = parseTranscript('# intro\n\n@alice /game new game:comanauts players:2 seed:7   # make it\n', 'a.txt');
    expect(steps).toEqual([
      { file: 'a.txt', line: 3, source: '@alice /game new game:comanauts players:2 seed:7', kind: 'slash', user: 'alice', command: '/game new game:comanauts players:2 seed:7' },
    ]);
  });

  it('GIVEN a slash command with a quoted value containing # WHEN parsed THEN the quote is kept whole', () => {
    expect(one('@bob /say text:"room # 3"')).toMatchObject({ kind: 'slash', user: 'bob', command: '/say text:"room # 3"' });
  });

  it('GIVEN click and select lines WHEN parsed THEN labels and options are read from quotes', () => {
    expect(one('@alice click "Start"        # go')).toMatchObject({ kind: 'click', user: 'alice', label: 'Start' });
    expect(one('@alice select "Move" "Red"')).toMatchObject({ kind: 'select', menu: 'Move', options: ['Red'] });
    expect(one('@carol select "Cards" "A \\"b\\"" "C"')).toMatchObject({ kind: 'select', menu: 'Cards', options: ['A "b"', 'C'] });
  });

  it('GIVEN each directive WHEN parsed THEN it becomes its step', () => {
    expect(one('!thread latest')).toMatchObject({ kind: 'thread', target: 'latest' });
    expect(one('!thread game-2')).toMatchObject({ kind: 'thread', target: { name: 'game-2' } });
    expect(one('!channel #games')).toMatchObject({ kind: 'channel', name: 'games' });
    expect(one('!channel games')).toMatchObject({ kind: 'channel', name: 'games' });
    expect(one('!state')).toMatchObject({ kind: 'state', user: null });
    expect(one('!state @bob')).toMatchObject({ kind: 'state', user: 'bob' });
    expect(one('!advance 25h')).toMatchObject({ kind: 'advance', ms: 25 * 3_600_000 });
    expect(one('!dm @bob off')).toMatchObject({ kind: 'dm', user: 'bob', accept: false });
    expect(one('!dm @bob on')).toMatchObject({ kind: 'dm', user: 'bob', accept: true });
    expect(one('!locale @bob es-ES')).toMatchObject({ kind: 'locale', user: 'bob', locale: 'es-ES' });
  });

  it('GIVEN each expectation WHEN parsed THEN patterns, users and state comparisons are read', () => {
    expect(one('? public ~ /threat/i')).toMatchObject({ kind: 'expect', expect: { what: 'public', pattern: { regex: /threat/i } } });
    expect(one('? public ~ "Threat level"')).toMatchObject({ expect: { what: 'public', pattern: { substring: 'Threat level' } } });
    expect(one('? ephemeral @alice ~ /your turn/i')).toMatchObject({ expect: { what: 'ephemeral', user: 'alice' } });
    expect(one('? dm @bob ~ /clue # 4/i   # trailing')).toMatchObject({ expect: { what: 'dm', user: 'bob', pattern: { regex: /clue # 4/i } } });
    expect(one('? image')).toMatchObject({ expect: { what: 'image' } });
    expect(one('? no dm @alice')).toMatchObject({ expect: { what: 'none', of: 'dm', user: 'alice' } });
    expect(one('? no public')).toMatchObject({ expect: { what: 'none', of: 'public' } });
    expect(one('? no ephemeral @dave')).toMatchObject({ expect: { what: 'none', of: 'ephemeral', user: 'dave' } });
    expect(one('? state .situation == "hostile"')).toMatchObject({ expect: { what: 'state', path: ['situation'], op: '==', value: 'hostile' } });
    expect(one('? state .seats[1].hp < 3')).toMatchObject({ expect: { what: 'state', path: ['seats', 1, 'hp'], op: '<', value: 3 } });
    expect(one('? state .log ~ /moved/')).toMatchObject({ expect: { what: 'state', op: '~', value: { regex: /moved/ } } });
    expect(one('? state .done != true')).toMatchObject({ expect: { op: '!=', value: true } });
  });

  it.each([
    ['hello', /starts with @user/],
    ['@alice', /expected "@user/],
    ['@alice dance', /unknown action "dance"/],
    ['@alice click Start', /double quotes/],
    ['@alice select "Move"', /menu and at least one option/],
    ['!teleport now', /unknown directive "!teleport"/],
    ['!advance soon', /duration/],
    ['!dm bob off', /!dm @user on/],
    ['!state bob', /!state @user/],
    ['!locale @bob spanish', /!locale @user <Discord locale>/],
    ['? public /x/', /expected "~ \/pattern\/"/],
    ['? public ~ /(/', /bad pattern/],
    ['? dm ~ /x/', /needs a user/],
    ['? state situation == 1', /bad state path/],
    ['? state .x == hostile', /bad value hostile/],
    ['? smell ~ /x/', /unknown expectation/],
  ])('GIVEN the malformed line %j WHEN parsed THEN the error names file, line and reason', (line, reason) => {
    const text = `# header\n${line}`;
    expect(() => parseTranscript(text, 'bad.txt')).toThrow(TranscriptSyntaxError);
    expect(() => parseTranscript(text, 'bad.txt')).toThrow(/^bad\.txt:2: /);
    expect(() => parseTranscript(text, 'bad.txt')).toThrow(reason);
  });
});

describe('transcript helpers', () => {
  it('GIVEN the bot-permission and forum directives and the archive expectations WHEN parsed THEN each becomes its step, and a permission the local Discord does not know is refused', () => {
    expect(one('!bot deny ManageChannels')).toMatchObject({ kind: 'bot', allow: false, permission: 'ManageChannels' });
    expect(one('!bot allow ManageChannels')).toMatchObject({ kind: 'bot', allow: true, permission: 'ManageChannels' });
    expect(one('!forums off')).toMatchObject({ kind: 'forums', allow: false });
    expect(one('? archived')).toMatchObject({ kind: 'expect', expect: { what: 'archived', archived: true } });
    expect(one('? unarchived')).toMatchObject({ kind: 'expect', expect: { what: 'archived', archived: false } });
    expect(() => parseTranscript('!bot deny Administrator', 'b.txt')).toThrow(/!bot allow\|deny <permission>/);
    expect(() => parseTranscript('!forums maybe', 'b.txt')).toThrow(TranscriptSyntaxError);
  });

  it('GIVEN durations WHEN parsed THEN units add up and junk is refused', () => {
    expect(parseDuration('1d12h')).toBe(36 * 3_600_000);
    expect(parseDuration('90m')).toBe(5_400_000);
    expect(parseDuration('1500ms')).toBe(1500);
    expect(parseDuration('12')).toBeNull();
    expect(parseDuration('3h soon')).toBeNull();
  });

  it('GIVEN paths WHEN parsed THEN fields, indexes and quoted keys are segments', () => {
    expect(parsePath('.')).toEqual([]);
    expect(parsePath('.a.b[2]["odd key"]')).toEqual(['a', 'b', 2, 'odd key']);
    expect(parsePath('a.b')).toBeNull();
  });

  it('GIVEN # inside a channel name or regex WHEN stripping comments THEN only a standalone # starts one', () => {
    expect(stripComment('!channel #games  # back')).toBe('!channel #games');
    expect(stripComment('? public ~ /a # b/ # c')).toBe('? public ~ /a # b/');
  });

  it('GIVEN {now} and {now+<duration>} in a command WHEN expanded at a clock time THEN each becomes that instant in ISO 8601, and a bad duration fails at parse time', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(expandTimes('/away until:{now+1d12h}', now)).toBe('/away until:2026-11-23T22:00:00.000Z');
    expect(expandTimes('/x a:{now} b:{now+90m}', now)).toBe('/x a:2026-11-22T10:00:00.000Z b:2026-11-22T11:30:00.000Z');
    expect(expandTimes('/game start', now)).toBe('/game start');
    expect(() => parseTranscript('@bob /away until:{now+soon}', 'b.txt')).toThrow(/bad time "\{now\+soon\}"/);
  });
});
