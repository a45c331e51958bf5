import { describe, expect, it } from 'vitest';
import type { ApiObject } from './types.ts';
import { commandDefinitions, loadCommands } from '../../discord/registry.ts';
import { validateCallback, validateChannelName, validateCommands, validateMessage, type Refusal } from './validate.ts';

const x = (n: number) => 'x'.repeat(n);
const button = (i: number, extra: ApiObject = {}): ApiObject => ({ type: 2, style: 1, custom_id: `b${i}`, label: `B${i}`, ...extra });
const row = (components: ApiObject[]): ApiObject => ({ type: 1, components });
const select = (options: ApiObject[], extra: ApiObject = {}): ApiObject => ({ type: 3, custom_id: 'pick', options, ...extra });
const option = (i: number, extra: ApiObject = {}): ApiObject => ({ label: `O${i}`, value: `v${i}`, ...extra });

/** The `_errors` list at a path of Discord's error tree. */
function errorsAt(refusal: Refusal | null, path: (string | number)[]): { code: string; message: string }[] {
  let node: unknown = refusal?.body.errors;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[String(key)];
  return ((node as { _errors?: { code: string; message: string }[] } | undefined)?._errors ?? []);
}

const create = (body: ApiObject) => validateMessage(body, [], { create: true });

describe('validateMessage: limits of a message', () => {
  const cases: { limit: string; ok: ApiObject; refused: ApiObject; path: (string | number)[]; code: string; message: string }[] = [
    { limit: 'content 2,000', ok: { content: x(2000) }, refused: { content: x(2001) }, path: ['content'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' },
    { limit: 'nonce 25', ok: { content: 'a', nonce: x(25) }, refused: { content: 'a', nonce: x(26) }, path: ['nonce'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' },
    { limit: '10 embeds', ok: { embeds: Array.from({ length: 10 }, () => ({ title: 't' })) }, refused: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, path: ['embeds'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' },
    { limit: 'embed title 256', ok: { embeds: [{ title: x(256) }] }, refused: { embeds: [{ title: x(257) }] }, path: ['embeds', 0, 'title'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' },
    { limit: 'embed description 4,096', ok: { embeds: [{ description: x(4096) }] }, refused: { embeds: [{ description: x(4097) }] }, path: ['embeds', 0, 'description'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 4096 or fewer in length.' },
    { limit: '25 embed fields', ok: { embeds: [{ fields: Array.from({ length: 25 }, () => ({ name: 'n', value: 'v' })) }] }, refused: { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, path: ['embeds', 0, 'fields'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' },
    { limit: 'field name 256', ok: { embeds: [{ fields: [{ name: x(256), value: 'v' }] }] }, refused: { embeds: [{ fields: [{ name: x(257), value: 'v' }] }] }, path: ['embeds', 0, 'fields', 0, 'name'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' },
    { limit: 'field value 1,024', ok: { embeds: [{ fields: [{ name: 'n', value: x(1024) }] }] }, refused: { embeds: [{ fields: [{ name: 'n', value: x(1025) }] }] }, path: ['embeds', 0, 'fields', 0, 'value'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 1024 or fewer in length.' },
    { limit: 'footer 2,048', ok: { embeds: [{ footer: { text: x(2048) } }] }, refused: { embeds: [{ footer: { text: x(2049) } }] }, path: ['embeds', 0, 'footer', 'text'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2048 or fewer in length.' },
    { limit: 'author name 256', ok: { embeds: [{ author: { name: x(256) } }] }, refused: { embeds: [{ author: { name: x(257) } }] }, path: ['embeds', 0, 'author', 'name'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' },
    {
      limit: 'embeds total 6,000',
      ok: { embeds: [{ description: x(4000) }, { description: x(2000) }] },
      refused: { embeds: [{ description: x(4000) }, { description: x(1900), title: x(101) }] },
      path: ['embeds'],
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: 'Embed size exceeds maximum size of 6000',
    },
    { limit: '5 action rows', ok: { components: Array.from({ length: 5 }, (_, i) => row([button(i)])) }, refused: { components: Array.from({ length: 6 }, (_, i) => row([button(i)])) }, path: ['components'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' },
    { limit: '5 buttons a row', ok: { components: [row([0, 1, 2, 3, 4].map((i) => button(i)))] }, refused: { components: [row([0, 1, 2, 3, 4, 5].map((i) => button(i)))] }, path: ['components', 0, 'components'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 5 in length.' },
    { limit: 'button label 80', ok: { components: [row([button(0, { label: x(80) })])] }, refused: { components: [row([button(0, { label: x(81) })])] }, path: ['components', 0, 'components', 0, 'label'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 80 or fewer in length.' },
    { limit: 'custom_id 100', ok: { components: [row([button(0, { custom_id: x(100) })])] }, refused: { components: [row([button(0, { custom_id: x(101) })])] }, path: ['components', 0, 'components', 0, 'custom_id'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
    { limit: 'unique custom ids', ok: { components: [row([button(0), button(1)])] }, refused: { components: [row([button(0), button(0)])] }, path: ['components', 0, 'components', 1, 'custom_id'], code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id cannot be duplicated' },
    { limit: '25 select options', ok: { components: [row([select(Array.from({ length: 25 }, (_, i) => option(i)))])] }, refused: { components: [row([select(Array.from({ length: 26 }, (_, i) => option(i)))])] }, path: ['components', 0, 'components', 0, 'options'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 25 in length.' },
    { limit: 'select placeholder 150', ok: { components: [row([select([option(0)], { placeholder: x(150) })])] }, refused: { components: [row([select([option(0)], { placeholder: x(151) })])] }, path: ['components', 0, 'components', 0, 'placeholder'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 150 or fewer in length.' },
    { limit: 'option label 100', ok: { components: [row([select([option(0, { label: x(100) })])])] }, refused: { components: [row([select([option(0, { label: x(101) })])])] }, path: ['components', 0, 'components', 0, 'options', 0, 'label'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
    { limit: 'option value 100', ok: { components: [row([select([option(0, { value: x(100) })])])] }, refused: { components: [row([select([option(0, { value: x(101) })])])] }, path: ['components', 0, 'components', 0, 'options', 0, 'value'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
    { limit: 'option description 100', ok: { components: [row([select([option(0, { description: x(100) })])])] }, refused: { components: [row([select([option(0, { description: x(101) })])])] }, path: ['components', 0, 'components', 0, 'options', 0, 'description'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' },
    { limit: 'a select fills its row', ok: { components: [row([select([option(0)])])] }, refused: { components: [row([select([option(0)]), button(1)])] }, path: ['components', 0, 'components'], code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', message: 'The specified component exceeds the maximum width' },
    { limit: 'allowed_mentions kinds', ok: { content: 'a', allowed_mentions: { parse: ['users'] } }, refused: { content: 'a', allowed_mentions: { parse: ['people'] } }, path: ['allowed_mentions', 'parse', 0], code: 'BASE_TYPE_CHOICES', message: "Value must be one of ('roles', 'users', 'everyone')." },
    { limit: 'allowed_mentions parse and users exclusive', ok: { content: 'a', allowed_mentions: { parse: [], users: ['1'] } }, refused: { content: 'a', allowed_mentions: { parse: ['users'], users: ['1'] } }, path: ['allowed_mentions'], code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', message: 'parse:["users"] and users: [ids...] are mutually exclusive.' },
    { limit: 'allowed_mentions 100 users', ok: { content: 'a', allowed_mentions: { users: Array.from({ length: 100 }, (_, i) => String(i)) } }, refused: { content: 'a', allowed_mentions: { users: Array.from({ length: 101 }, (_, i) => String(i)) } }, path: ['allowed_mentions', 'users'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' },
    { limit: 'attachment description 1,024', ok: { attachments: [{ id: 0, description: x(1024) }], content: 'a' }, refused: { attachments: [{ id: 0, description: x(1025) }], content: 'a' }, path: ['attachments', 0, 'description'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 1024 or fewer in length.' },
  ];

  for (const c of cases) {
    it(`GIVEN a message at the ${c.limit} limit WHEN sent THEN it is accepted; one past it is refused with 50035 naming ${c.path.join('.')}`, () => {
      expect(create(c.ok)).toBeNull();
      const refused = create(c.refused);
      expect(refused?.status).toBe(400);
      expect(refused?.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
      expect(errorsAt(refused, c.path)).toContainEqual({ code: c.code, message: c.message });
    });
  }

  it('GIVEN content counted as Discord counts it WHEN it holds 2,000 emoji (4,000 UTF-16 units) THEN it is accepted', () => {
    expect(create({ content: '🎲'.repeat(2000) })).toBeNull();
  });

  it('GIVEN several fields past their limits WHEN sent THEN one refusal names every one of them', () => {
    const refused = create({ content: x(2001), embeds: [{ title: x(257) }] });
    expect(errorsAt(refused, ['content'])[0]?.code).toBe('BASE_TYPE_MAX_LENGTH');
    expect(errorsAt(refused, ['embeds', 0, 'title'])[0]?.code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('GIVEN a file over the 10 MiB default upload limit WHEN sent THEN Discord answers 413 with code 40005', () => {
    const file = (length: number) => ({ name: 'table.png', bytes: { length } });
    expect(validateMessage({ content: 'a' }, [file(10 * 1024 * 1024)], { create: true })).toBeNull();
    expect(validateMessage({ content: 'a' }, [file(10 * 1024 * 1024 + 1)], { create: true })).toEqual({ status: 413, body: { message: 'Request entity too large', code: 40005 } });
  });

  it('GIVEN 11 files WHEN sent THEN the attachments are refused (10 at most)', () => {
    const files = Array.from({ length: 11 }, () => ({ name: 'a.png', bytes: { length: 1 } }));
    expect(errorsAt(validateMessage({}, files, { create: true }), ['attachments'])[0]?.message).toBe('Must be 10 or fewer in length.');
  });

  it('GIVEN nothing to show WHEN a message is created THEN Discord answers 50006; an edit may clear the content', () => {
    expect(create({ content: '   ' })).toEqual({ status: 400, body: { message: 'Cannot send an empty message', code: 50006 } });
    expect(validateMessage({ content: '' }, [], { create: false })).toBeNull();
  });
});

describe('validateCallback: interaction responses', () => {
  it('GIVEN a reply (type 4) over 2,000 characters WHEN sent THEN the error names data.content', () => {
    expect(validateCallback({ type: 4, data: { content: x(2000) } }, [])).toBeNull();
    expect(errorsAt(validateCallback({ type: 4, data: { content: x(2001) } }, []), ['data', 'content'])[0]?.code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('GIVEN an update (type 7) with six rows WHEN sent THEN the error names data.components', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row([button(i)]));
    expect(errorsAt(validateCallback({ type: 7, data: { components: rows } }, []), ['data', 'components'])[0]?.code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('GIVEN autocomplete (type 8) WHEN it offers 26 choices, or a name or value over 100 THEN each is refused with 50035', () => {
    const choices = (n: number, extra: ApiObject = {}) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, value: `v${i}`, ...extra }));
    expect(validateCallback({ type: 8, data: { choices: choices(25) } }, [])).toBeNull();
    expect(errorsAt(validateCallback({ type: 8, data: { choices: choices(26) } }, []), ['data', 'choices'])[0]?.message).toBe('Must be 25 or fewer in length.');
    expect(errorsAt(validateCallback({ type: 8, data: { choices: choices(1, { name: x(101) }) } }, []), ['data', 'choices', 0, 'name'])[0]?.message).toBe('Must be between 1 and 100 in length.');
    expect(errorsAt(validateCallback({ type: 8, data: { choices: choices(1, { value: x(101) }) } }, []), ['data', 'choices', 0, 'value'])[0]?.message).toBe('Must be 100 or fewer in length.');
    expect(validateCallback({ type: 8, data: { choices: [{ name: 'n', value: 12 }] } }, [])).toBeNull();
  });

  it('GIVEN a modal (type 9) titled past 45 characters WHEN sent THEN data.title is refused', () => {
    const modal = (title: string) => ({ type: 9, data: { custom_id: 'm', title, components: [row([{ type: 4, custom_id: 't', label: 'T', style: 1 }])] } });
    expect(validateCallback(modal(x(45)), [])).toBeNull();
    expect(errorsAt(validateCallback(modal(x(46)), []), ['data', 'title'])[0]?.code).toBe('BASE_TYPE_BAD_LENGTH');
  });
});

describe('validateChannelName: threads and channels', () => {
  it('GIVEN a thread name of 100 characters WHEN created THEN it is accepted; 101 or none is refused naming name', () => {
    expect(validateChannelName({ name: x(100) }, { required: true })).toBeNull();
    expect(errorsAt(validateChannelName({ name: x(101) }, { required: true }), ['name'])).toEqual([{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }]);
    expect(errorsAt(validateChannelName({}, { required: true }), ['name'])[0]?.code).toBe('BASE_TYPE_REQUIRED');
    expect(validateChannelName({ archived: true }, { required: false })).toBeNull();
  });
});

describe('validateCommands: application command registration', () => {
  const slash = (extra: ApiObject = {}): ApiObject => ({ name: 'play', description: 'Play a move', type: 1, ...extra });

  it('GIVEN commands within the limits WHEN registered THEN they are accepted', () => {
    expect(validateCommands([slash(), slash({ name: 'game', options: [{ type: 3, name: 'what', description: 'What', choices: [{ name: 'A', value: 'a' }] }] })], { list: true })).toBeNull();
  });

  it('GIVEN a name of 33 characters or a description of 101 WHEN registered THEN the refusal names them under the command index', () => {
    const refused = validateCommands([slash(), slash({ name: x(33), description: x(101) })], { list: true });
    expect(errorsAt(refused, [1, 'name'])[0]?.message).toBe('Must be between 1 and 32 in length.');
    expect(errorsAt(refused, [1, 'description'])[0]?.message).toBe('Must be between 1 and 100 in length.');
  });

  it('GIVEN a Spanish description of 101 characters WHEN registered THEN its localization is refused', () => {
    const refused = validateCommands(slash({ description_localizations: { 'es-ES': x(101) } }), { list: false });
    expect(errorsAt(refused, ['description_localizations', 'es-ES'])[0]?.code).toBe('BASE_TYPE_BAD_LENGTH');
  });

  it('GIVEN 26 options, or an option with 26 choices WHEN registered THEN each list is refused', () => {
    const opt = (i: number, extra: ApiObject = {}) => ({ type: 3, name: `o${i}`, description: 'd', ...extra });
    const many = validateCommands(slash({ options: Array.from({ length: 26 }, (_, i) => opt(i)) }), { list: false });
    expect(errorsAt(many, ['options'])[0]?.message).toBe('Must be 25 or fewer in length.');
    const choices = validateCommands(slash({ options: [opt(0, { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })) })] }), { list: false });
    expect(errorsAt(choices, ['options', 0, 'choices'])[0]?.message).toBe('Must be 25 or fewer in length.');
  });

  it('GIVEN 101 slash commands WHEN registered THEN Discord answers 30032', () => {
    const all = Array.from({ length: 101 }, (_, i) => slash({ name: `c${i}` }));
    expect(validateCommands(all.slice(0, 100), { list: true })).toBeNull();
    expect(validateCommands(all, { list: true })).toEqual({ status: 400, body: { message: 'Maximum number of application commands reached (100)', code: 30032 } });
  });

  it("GIVEN Turnkeeper's own slash commands WHEN registered THEN every Discord limit holds", async () => {
    expect(validateCommands(commandDefinitions(await loadCommands()), { list: true })).toBeNull();
  });
});
