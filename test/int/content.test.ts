import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createPackRegistry,
  defineEffects,
  definePackSchema,
  loadPackDir,
  loadPackFromFiles,
  looseObjectPaths,
  packFileJsonSchemas,
  packJsonSchema,
  validatePack,
  validatePackCli,
  writePackJsonSchema,
  type PackError,
} from '../../src/content/index.ts';

const lang = defineEffects({
  takeCard: z.object({ card: z.number({ error: 'a two-digit card number' }).int().min(10).max(99) }),
  revealRoom: z.object({ room: z.string() }),
});

const schema = definePackSchema({
  rooms: z.record(z.string(), z.strictObject({ name: z.string(), locations: z.array(z.number().int()) })),
  'entries/chapter1': z.record(z.string().regex(/^\d+$/), z.strictObject({ text: z.string(), effects: lang.schema })),
});

const manifest = `id: demo
gameType: adventure
version: 1.0.0
name: { en: Demo, es: Demostración }
languages: [en, es]
authors: [Turnkeeper team]
licence: CC-BY-4.0
`;

const goodFiles: Record<string, string> = {
  'pack.yaml': manifest,
  'rooms.yaml': 'hall:\n  name: Hall\n  locations: [1, 2]\ncellar:\n  name: Cellar\n  locations: [3]\n',
  'entries/chapter1.yaml': `"1015":
  text: door.opens
  effects:
    - { op: text, key: door.opens }
    - op: choice
      options:
        - label: take
          effects: [{ op: takeCard, card: 15 }]
        - label: leave
          effects: []
`,
};

let root: string;

async function writePack(dir: string, files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function packWith(name: string, changes: Record<string, string | null>): Promise<string> {
  const files: Record<string, string> = { ...goodFiles };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete files[k];
    else files[k] = v;
  }
  return writePack(join(root, name), files);
}

async function errorsOf(dir: string): Promise<PackError[]> {
  const loaded = await loadPackDir(dir);
  if (!loaded.ok) return loaded.error;
  const valid = validatePack(loaded.value, schema);
  return valid.ok ? [] : valid.error;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'turnkeeper-packs-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('content packs: good pack', () => {
  it('GIVEN a good pack folder WHEN loaded and validated THEN merged by relative path without extension', async () => {
    const dir = await packWith('good', {});
    const loaded = await loadPackDir(dir);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
    expect(Object.keys(loaded.value.data)).toEqual(['entries/chapter1', 'pack', 'rooms']);
    expect(loaded.value.manifest.id).toBe('demo');
    expect(loaded.value.files.map((f) => f.file)).toEqual(['entries/chapter1.yaml', 'pack.yaml', 'rooms.yaml']);
    const valid = validatePack(loaded.value, schema);
    if (!valid.ok) throw new Error(JSON.stringify(valid.error));
    expect(valid.value.content.rooms['hall']?.locations).toEqual([1, 2]);
  });

  it('GIVEN the same pack as uploaded files in another order and as JSON WHEN loaded THEN the hash is the same', async () => {
    const fromDir = await loadPackDir(await packWith('good2', {}));
    const uploaded = loadPackFromFiles(
      Object.entries(goodFiles)
        .reverse()
        .map(([name, text]) => ({ name, text })),
    );
    const asJson = loadPackFromFiles([
      ...Object.entries(goodFiles)
        .filter(([n]) => n !== 'rooms.yaml')
        .map(([name, text]) => ({ name, text })),
      { name: 'rooms.json', text: JSON.stringify({ cellar: { locations: [3], name: 'Cellar' }, hall: { name: 'Hall', locations: [1, 2] } }) },
    ]);
    if (!fromDir.ok || !uploaded.ok || !asJson.ok) throw new Error('load failed');
    expect(uploaded.value.hash).toBe(fromDir.value.hash);
    expect(asJson.value.hash).toBe(fromDir.value.hash);
    expect(fromDir.value.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('GIVEN the schemas WHEN checked for loose objects THEN none accept unknown keys', () => {
    expect(looseObjectPaths(schema)).toEqual([]);
    expect(looseObjectPaths(z.object({ a: z.strictObject({ b: z.object({}) }) }))).toEqual(['/', '/a/b']);
  });
});

describe('content packs: refused with file and path', () => {
  it('GIVEN a wrong type deep in a nested file WHEN validated THEN the error names that file and the JSON pointer', async () => {
    const bad = goodFiles['entries/chapter1.yaml']?.replace('card: 15', 'card: fifteen') ?? '';
    const errors = await errorsOf(await packWith('deep', { 'entries/chapter1.yaml': bad }));
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'entries/chapter1.yaml',
        path: '/1015/effects/1/options/0/effects/0/card',
        code: 'content.pack.wrongType',
        expected: 'a two-digit card number',
      }),
    ]);
    expect(errors[0]?.message).toBe('entries/chapter1.yaml: /1015/effects/1/options/0/effects/0/card: expected a two-digit card number, got "fifteen"');
  });

  it('GIVEN a missing key WHEN validated THEN content.pack.missingKey at its path', async () => {
    const errors = await errorsOf(await packWith('missing', { 'rooms.yaml': 'hall:\n  locations: [1]\n' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', path: '/hall/name', code: 'content.pack.missingKey', expected: 'a text' })]);
  });

  it('GIVEN a missing file WHEN validated THEN content.pack.missingFile names it', async () => {
    const errors = await errorsOf(await packWith('nofile', { 'rooms.yaml': null }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', path: '', code: 'content.pack.missingFile' })]);
  });

  it('GIVEN an unknown key WHEN validated THEN content.pack.unknownKey at the key itself', async () => {
    const errors = await errorsOf(await packWith('unknownkey', { 'rooms.yaml': 'hall:\n  name: Hall\n  locations: [1]\n  colour: red\n' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', path: '/hall/colour', code: 'content.pack.unknownKey' })]);
  });

  it('GIVEN an extra file nobody reads WHEN validated THEN content.pack.unknownFile', async () => {
    const errors = await errorsOf(await packWith('extrafile', { 'notes.yaml': 'a: 1\n' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'notes.yaml', code: 'content.pack.unknownFile' })]);
  });

  it('GIVEN a bad manifest WHEN loaded THEN errors point into pack.yaml', async () => {
    const errors = await errorsOf(await packWith('badmanifest', { 'pack.yaml': manifest.replace('version: 1.0.0', 'version: one') }));
    expect(errors).toEqual([expect.objectContaining({ file: 'pack.yaml', path: '/version', expected: 'a version like 1.0.0' })]);
  });

  it('GIVEN an unknown effect op WHEN validated THEN refused at its op', async () => {
    const bad = goodFiles['entries/chapter1.yaml']?.replace('op: takeCard', 'op: stealCard') ?? '';
    const errors = await errorsOf(await packWith('badop', { 'entries/chapter1.yaml': bad }));
    expect(errors[0]).toMatchObject({ file: 'entries/chapter1.yaml', path: '/1015/effects/1/options/0/effects/0/op' });
    expect(errors[0]?.expected).toContain('"takeCard"');
  });
});

describe('content packs: safety', () => {
  it('GIVEN a YAML alias bomb WHEN loaded THEN content.pack.aliasLimit', async () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const errors = await errorsOf(await packWith('bomb', { 'rooms.yaml': `${bomb.join('\n')}\n` }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.aliasLimit' })]);
  });

  it('GIVEN a 10 MB file WHEN loaded THEN content.pack.fileTooLarge without reading it', async () => {
    const dir = await packWith('huge', {});
    await writeFile(join(dir, 'rooms.yaml'), `x: "${'a'.repeat(10 * 1024 * 1024)}"\n`);
    const errors = await errorsOf(dir);
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.fileTooLarge' })]);
  });

  it('GIVEN 200-deep nesting WHEN loaded THEN content.pack.tooDeep, in YAML and in JSON', async () => {
    const yaml = `${'['.repeat(200)}1${']'.repeat(200)}\n`;
    expect(await errorsOf(await packWith('deepyaml', { 'rooms.yaml': yaml }))).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.tooDeep' })]);
    const json = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    expect(await errorsOf(await packWith('deepjson', { 'rooms.yaml': null, 'rooms.json': json }))).toEqual([
      expect.objectContaining({ file: 'rooms.json', code: 'content.pack.tooDeep' }),
    ]);
  });

  it('GIVEN a symlink escaping the folder WHEN loaded THEN content.pack.outsideFolder', async () => {
    const dir = await packWith('symlink', { 'rooms.yaml': null });
    await writeFile(join(root, 'secret.yaml'), 'password: hunter2\n');
    await symlink(join(root, 'secret.yaml'), join(dir, 'rooms.yaml'));
    expect(await errorsOf(dir)).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.outsideFolder' })]);
  });

  it('GIVEN a .js file WHEN loaded THEN content.pack.badExtension', async () => {
    const errors = await errorsOf(await packWith('js', { 'rooms.js': 'module.exports = {}' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.js', code: 'content.pack.badExtension' })]);
  });

  it('GIVEN a custom YAML tag WHEN loaded THEN content.pack.customTag with its line', async () => {
    const errors = await errorsOf(await packWith('tag', { 'rooms.yaml': 'hall:\n  name: !!js/function "x"\n' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.customTag', line: 2 })]);
  });

  it('GIVEN a duplicate key WHEN loaded THEN content.pack.duplicateKey', async () => {
    const errors = await errorsOf(await packWith('dupkey', { 'rooms.yaml': 'hall:\n  name: A\nhall:\n  name: B\n' }));
    expect(errors).toEqual([expect.objectContaining({ file: 'rooms.yaml', code: 'content.pack.duplicateKey' })]);
  });

  it('GIVEN uploaded names that escape the folder WHEN loaded THEN content.pack.outsideFolder', () => {
    for (const name of ['../x.yaml', '/etc/x.yaml', 'a/../../x.yaml', 'a\\x.yaml']) {
      const loaded = loadPackFromFiles([{ name: 'pack.yaml', text: manifest }, { name, text: 'a: 1' }]);
      expect(loaded.ok ? [] : loaded.error).toEqual([expect.objectContaining({ code: 'content.pack.outsideFolder' })]);
    }
  });

  it('GIVEN too many files or too many bytes WHEN uploaded THEN refused as a whole', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.yaml`, text: 'a: 1' }));
    expect(loadPackFromFiles(many, { limits: { maxFiles: 4 } })).toMatchObject({ ok: false, error: [{ code: 'content.pack.tooManyFiles' }] });
    expect(loadPackFromFiles(many, { limits: { maxTotalBytes: 10 } })).toMatchObject({ ok: false, error: [{ code: 'content.pack.packTooLarge' }] });
  });
});

describe('pack registry, JSON Schema and CLI', () => {
  it('GIVEN built-in packs WHEN listed twice and by fresh registries THEN id, version and hash are stable', async () => {
    const packs = join(root, 'registry');
    await writePack(join(packs, 'adventure', 'demo'), goodFiles);
    await writePack(join(packs, 'adventure', 'demo@0.9.0'), { ...goodFiles, 'pack.yaml': manifest.replace('1.0.0', '0.9.0') });
    await writePack(join(packs, 'adventure', 'wrongname'), goodFiles);
    const a = createPackRegistry(packs);
    const b = createPackRegistry(packs);
    const listed = await a.list('adventure');
    expect(listed.map((e) => `${e.id}@${e.version}`)).toEqual(['demo@0.9.0', 'demo@1.0.0']);
    expect(await b.list()).toEqual(listed);
    expect(listed[1]?.hash).toBe((await loadPackDir(join(packs, 'adventure', 'demo'))).ok ? listed[1]?.hash : 'x');
    const latest = await a.get('adventure', 'demo');
    const old = await a.get('adventure', 'demo', '0.9.0');
    expect(latest.ok && latest.value.manifest.version).toBe('1.0.0');
    expect(old.ok && old.value.manifest.version).toBe('0.9.0');
    expect(await a.get('adventure', 'nope')).toMatchObject({ ok: false, error: [{ code: 'content.pack.unknownPack' }] });
    expect((await a.problems()).map((p) => p.errors[0]?.code)).toEqual(['content.pack.folderMismatch']);
  });

  it('GIVEN a pack schema WHEN published THEN a JSON Schema with strict objects and the effect ops', async () => {
    const json = packJsonSchema(schema);
    const text = JSON.stringify(json);
    expect(text).toContain('"additionalProperties":false');
    expect(text).toContain('"const":"takeCard"');
    expect(Object.keys(packFileJsonSchemas(schema))).toEqual(['pack', 'rooms', 'entries/chapter1']);
    const written = await writePackJsonSchema('adventure', schema, join(root, 'schemas'));
    expect(written).toBe(join(root, 'schemas', 'adventure', 'schema.json'));
  });

  it('GIVEN a bad pack WHEN validated by the CLI THEN exit 1 with `file: path: expected …` lines, or JSON with --json (the expected part also as its text code, for a tool in another language)', async () => {
    const dir = await packWith('cli', { 'rooms.yaml': 'hall:\n  name: 3\n  locations: [1]\n' });
    const human = await validatePackCli(dir, { schemaFor: () => schema });
    expect(human.exitCode).toBe(1);
    expect(human.output).toContain('rooms.yaml: /hall/name: expected a text, got 3');
    const json = await validatePackCli(dir, { json: true, schemaFor: () => schema });
    expect(JSON.parse(json.output)).toMatchObject({ ok: false, errors: [{ file: 'rooms.yaml', path: '/hall/name', code: 'content.pack.wrongType', expectedCode: expect.stringMatching(/^content\.expected\./) }] });
    const good = await validatePackCli(await packWith('cligood', {}), { schemaFor: () => schema });
    expect(good).toMatchObject({ exitCode: 0 });
    expect(good.output).toMatch(/^ok adventure\/demo@1\.0\.0 [0-9a-f]{32}/);
  });
});
