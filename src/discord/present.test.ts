import { describe, expect, it } from 'vitest';
import type { Prompt } from '../core/index.ts';
import { messagesOf } from './answer.ts';
import { decodeCustomId } from './custom-id.ts';
import { altText, formatEvents, humanParams, MAX_ALT_TEXT, MAX_BUTTONS, moveButtons, promptButtons } from './present.ts';

const prompt = (options: number): Prompt => ({
  seat: 0,
  kind: 'pick',
  options: Array.from({ length: options }, (_, i) => ({ label: { code: 'core.unknownCommand', params: { type: `dish ${i + 1}` } }, command: { type: 'pick', args: { n: i + 1 } } })),
});

describe('promptButtons (Discord: at most 5 rows of 5 buttons)', () => {
  it('GIVEN as many options as there is room for WHEN drawn THEN every option has its button and no note is added', () => {
    const drawn = promptButtons('g1', 3, [prompt(MAX_BUTTONS - 1)], 'en', [], undefined, MAX_BUTTONS - 1);
    expect(drawn.buttons).toHaveLength(MAX_BUTTONS - 1);
    expect(drawn.note).toBeNull();
  });

  it('GIVEN 30 options and room for 24 (a turn notice keeps one for "My secrets") WHEN drawn THEN the first 24 get buttons and the note sends the rest to /play, in English and Spanish', () => {
    const en = promptButtons('g1', 3, [prompt(30)], 'en', [], undefined, MAX_BUTTONS - 1);
    expect(en.buttons.map((b) => b.customId).at(-1)).toBe('tk1|prompt|g1|3|0|23');
    expect(en.buttons).toHaveLength(24);
    expect(en.note).toBe('6 more choices have no button here: use /play and type to find them.');
    expect(promptButtons('g1', 3, [prompt(30)], 'es', [], undefined, MAX_BUTTONS - 1).note).toBe('Quedan 6 opciones más sin botón aquí: usa /play y escribe para encontrarlas.');
  });

  it('GIVEN one option more than fits WHEN drawn THEN the note speaks of one choice', () => {
    expect(promptButtons('g1', 0, [prompt(MAX_BUTTONS + 1)], 'en', []).note).toBe('1 more choice has no button here: use /play and type to find it.');
    expect(promptButtons('g1', 0, [prompt(MAX_BUTTONS + 1)], 'es', []).note).toBe('Queda 1 opción más sin botón aquí: usa /play y escribe para encontrarla.');
  });
});

describe('moveButtons (the turn message\'s common moves)', () => {
  const legal = {
    seq: 7,
    seat: 1,
    commands: [
      { type: 'hint', args: {} },
      { type: 'pick', args: { n: 1 } },
      { type: 'go', args: { to: 2 } },
      { type: 'end', args: {} },
    ],
    labels: [
      { code: 'core.unknownCommand', params: { type: 'hint' }, rank: 90 },
      { code: 'core.unknownCommand', params: { type: 'pick 1' }, rank: 0, common: true },
      { code: 'core.unknownCommand', params: { type: 'go 2' }, rank: 10, common: true },
      { code: 'core.unknownCommand', params: { type: 'end' }, rank: 5, common: true },
    ],
  };

  it('GIVEN ranked legal moves, some already on a prompt button WHEN the turn message draws its buttons THEN only common moves appear, most likely first, without the prompt\'s duplicate, each id naming the seat whose list it is', () => {
    const buttons = moveButtons('en', 'test', 'g1', legal, { seatNames: [] }, [{ type: 'pick', args: { n: 1 } }], 10);
    expect(buttons.map((b) => b.label)).toEqual(['There is no action called “end” in this game.', 'There is no action called “go 2” in this game.']);
    expect(buttons.map((b) => decodeCustomId(b.customId))).toEqual([
      { kind: 'legal', gameId: 'g1', seq: 7, a: 3, b: 1 },
      { kind: 'legal', gameId: 'g1', seq: 7, a: 2, b: 1 },
    ]);
    expect(moveButtons('en', 'test', 'g1', legal, { seatNames: [] }, [], 1)).toHaveLength(1);
  });
});

describe('altText (Discord: an attachment description holds at most 1,024 characters)', () => {
  it('GIVEN a description within the limit WHEN joined THEN it is kept whole', () => {
    expect(altText(['Chapter 1.', 'Alice is taking a turn.'])).toBe('Chapter 1. Alice is taking a turn.');
  });

  it('GIVEN a description past the limit WHEN joined THEN it ends after the last whole line that fits, marked with an ellipsis', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} says something about the table in plain words.`);
    const text = altText(lines);
    expect(text.length).toBeLessThanOrEqual(MAX_ALT_TEXT);
    expect(text).toMatch(/table in plain words\.…$/);
  });
});

describe('messagesOf (quiet by default)', () => {
  it('GIVEN an answer that names players WHEN sent THEN allowed_mentions is explicit and lets through only the users the answer may ping', () => {
    expect(messagesOf({ visibility: 'public', content: 'Waiting for <@1>.' })[0]?.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
    expect(messagesOf({ visibility: 'public', content: '<@2>, it is your move.', mentions: ['2', '2'] })[0]?.allowedMentions).toEqual({ parse: [], users: ['2'], repliedUser: false });
  });
});

describe('humanParams: locale codes as words (issue 20)', () => {
  const packText = (key: string, lang: string): string | undefined => (key === 'zones.1' ? (lang === 'es' ? 'Literas criogénicas' : 'Cryo berths') : undefined);

  it('GIVEN a …Codes list with a repeated code WHEN resolved THEN each code is translated once with its count and listed in the reader language', () => {
    const codes = 'lifeform-conflict.icons.claw,lifeform-conflict.icons.acid,lifeform-conflict.icons.claw';
    expect(humanParams({ iconsCodes: codes }, [], [], { lang: 'en' }).iconsCodes).toBe('2 claws and 1 acid');
    expect(humanParams({ iconsCodes: codes }, [], [], { lang: 'es' }).iconsCodes).toMatch(/^2 \S+ y 1 \S+$/);
    expect(humanParams({ iconsCodes: '' }, [], [], { lang: 'en' }).iconsCodes).toBe('');
  });

  it('GIVEN a …Code that places a …Key of the same line WHEN resolved THEN the code is translated with the pack text already in place', () => {
    const en = humanParams({ zoneCode: 'lifeform-conflict.zoneNamed', zoneKey: 'zones.1', chitCode: 'lifeform-conflict.chit.killed' }, [], [], { packText, lang: 'en' });
    expect(en).toMatchObject({ zoneCode: 'Cryo berths', zoneKey: 'Cryo berths', chitCode: 'a killed chit' });
    expect(humanParams({ zoneCode: 'lifeform-conflict.zoneNumber', zoneNumber: 4 }, [], [], { lang: 'es' }).zoneCode).toBe('zona 4');
  });

  it('GIVEN no language WHEN resolved THEN codes are left as they are (only seats are named)', () => {
    expect(humanParams({ chitCode: 'lifeform-conflict.chit.alive', seat: 0 }, ['Ana'])).toEqual({ chitCode: 'lifeform-conflict.chit.alive', seat: 0, seatName: 'Ana', seatMention: 'Ana' });
  });

  it('GIVEN an event with codes and a key WHEN formatted THEN the line reads in words', () => {
    const event = { code: 'lifeform-conflict.event.flipped', params: { zoneCode: 'lifeform-conflict.zoneNamed', zoneKey: 'zones.1', iconsCodes: 'lifeform-conflict.icons.claw,lifeform-conflict.icons.acid' }, to: 'public' as const };
    expect(formatEvents([event], 'en', [], packText)).toBe('A token turns face up in Cryo berths: 1 claw and 1 acid.');
    expect(formatEvents([event], 'es', [], packText)).toMatch(/Literas criogénicas: 1 \S+ y 1 \S+\.$/);
  });
});
