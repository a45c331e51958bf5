import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/ops/paths.ts';
import { useLocalStack } from '../support/local-stack.ts';

/** The first published copy (7 files) keeps these expectations stable as the shipped pack grows. */
const TRAINING = fromRoot('assets', 'packs', 'comanauts', 'training@1.0.0');
const LANTERN = fromRoot('assets', 'packs', 'adventure', 'salt-lantern');

/** The shipped adventure as attachments under another id (folders spelt `__`, as Discord file names cannot hold them). */
function lanternFiles(id: string): { name: string; data: string }[] {
  const walk = (dir: string, prefix: string): { name: string; data: string }[] =>
    readdirSync(join(LANTERN, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name), `${prefix}${e.name}__`) : [{ name: `${prefix}${e.name}`, data: readFileSync(join(LANTERN, dir, e.name), 'utf8') }],
    );
  return walk('', '').map((f) => (f.name === 'pack.yaml' ? { ...f, data: f.data.replace(/^id: salt-lantern$/m, `id: ${id}`) } : f));
}

/** The shipped training pack as attachments, renamed to `drill` (an upload may not reuse a shipped id). */
function drillFiles(edit: Record<string, string> = {}, id = 'drill'): { name: string; data: string }[] {
  const files = readdirSync(TRAINING).map((name) => ({ name, data: readFileSync(join(TRAINING, name), 'utf8') }));
  const renamed = files.map((f) => (f.name === 'pack.yaml' ? { ...f, data: f.data.replace(/^id: training$/m, `id: ${id}`) } : f));
  const edited = renamed.map((f) => (Object.hasOwn(edit, f.name) ? { ...f, data: edit[f.name] ?? '' } : f));
  const added = Object.entries(edit).filter(([name]) => !files.some((f) => f.name === name)).map(([name, data]) => ({ name, data }));
  return [...edited, ...added];
}

const uploadLine = (files: readonly { name: string }[]) => `/pack upload ${files.map((f, i) => `file${i + 1}:${f.name}`).join(' ')}`;

describe('/pack upload through the local Discord (attachments on a slash command)', () => {
  const local = useLocalStack();

  it('GIVEN a member without Manage Server WHEN uploading THEN refused with the reason and nothing stored', async () => {
    const d = local.get().discord;
    const files = drillFiles();
    const r = await d.slash('bob', d.channelId, uploadLine(files), files);
    expect(r.reply?.content).toMatch(/Manage Server/);
    expect(await local.get().runtime.db.prisma.contentPack.count()).toBe(0);
  });

  it('GIVEN a pack with problems in several files WHEN uploaded THEN one ephemeral answer lists every file and path in the admin\'s language, and nothing is stored', async () => {
    const d = local.get().discord;
    const files = drillFiles({ 'avatars.yaml': '[]\n', 'enemies.yaml': '- name: 5\n', 'bogus.yaml': 'x: 1\n' });
    const r = await d.slash('alice', d.channelId, uploadLine(files), files);
    const text = r.reply?.content ?? '';
    expect(text).toMatch(/^The pack was not added: 6 problem/);
    expect(text).toContain('bogus.yaml is not a file this game reads');
    expect(text).toMatch(/avatars\.yaml, at \//);
    expect(text).toMatch(/enemies\.yaml, at \/0/);
    expect(await local.get().runtime.db.prisma.contentPack.count()).toBe(0);

    d.setLocale('alice', 'es-ES');
    try {
      const es = (await d.slash('alice', d.channelId, uploadLine(files), files)).reply?.content ?? '';
      expect(es).toMatch(/^No se ha añadido el paquete: hay 6 problema/);
      expect(es).toContain('Este juego no lee bogus.yaml');
      expect(es).toContain('avatars.yaml, en /: este valor no se acepta (2 elementos como mínimo).');
      expect(es, 'what was expected is in Spanish too').not.toMatch(/\b(expected|at least|at most|a text|a list|an object|a number|one of|only the keys)\b/);
    } finally {
      d.setLocale('alice', 'en-US');
    }
  });

  it('GIVEN a valid pack WHEN uploaded THEN it is offered in /game new pack: for this server only and a game created with it plays it', async () => {
    const d = local.get().discord;
    const files = drillFiles();
    const r = await d.slash('alice', d.channelId, uploadLine(files), files);
    expect(r.reply?.content).toMatch(/added the pack \*\*Training Grounds\*\* \(drill 1\.0\.0, 7 files\)/);
    const choices = await d.autocomplete('alice', d.channelId, '/game new game:comanauts pack:dr');
    expect(choices.map((c) => c.value)).toEqual(['drill']);
    const listed = (await d.slash('alice', d.channelId, '/pack list game:comanauts')).reply?.content ?? '';
    expect(listed.split('\n').slice(1)).toEqual(['- Training Grounds (training 1.3.0), comes with the bot', '- Waking Strobal (waking-strobal 1.1.0), comes with the bot', '- Training Grounds (drill 1.0.0), uploaded to this server']);
    const other = d.addGuild('Elsewhere', { owner: 'alice' });
    const elsewhere = d.channel('games', other.id);
    expect((await d.autocomplete('alice', elsewhere.id, '/game new game:comanauts pack:')).map((c) => c.value)).toEqual(['training', 'waking-strobal']);

    await d.slash('alice', d.channelId, '/game new game:comanauts pack:drill');
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    const status = await local.get().runtime.app.statusByThread(thread.id);
    expect(status.ok && [status.value.packId, status.value.packVersion]).toEqual(['drill', '1.0.0']);
    await d.slash('bob', thread.id, '/game join');
    const started = await d.slash('alice', thread.id, '/game start');
    expect(started.reply?.content).toMatch(/The game begins/);
  });

  it('GIVEN a game on an uploaded pack WHEN a newer version is uploaded and the host runs /game pack upgrade THEN it shows the change and a code, and switches only with that code', async () => {
    const d = local.get().discord;
    const v1 = drillFiles({}, 'drill-two');
    await d.slash('alice', d.channelId, uploadLine(v1), v1);
    await d.slash('alice', d.channelId, '/game new game:comanauts pack:drill-two');
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    await d.slash('bob', thread.id, '/game join');
    await d.slash('alice', thread.id, '/game start');
    const v2 = v1.map((f) => (f.name === 'pack.yaml' ? { ...f, data: f.data.replace('version: 1.0.0', 'version: 1.1.0').replace('Training Grounds', 'Drill Grounds') } : f));
    await d.slash('alice', d.channelId, uploadLine(v2), v2);

    expect((await d.slash('bob', thread.id, '/game pack upgrade')).reply?.content).toMatch(/host/i);
    const plan = (await d.slash('alice', thread.id, '/game pack upgrade')).reply?.content ?? '';
    expect(plan).toMatch(/^Moving this game from drill-two 1\.0\.0 to 1\.1\.0/);
    expect(plan).toContain('pack: 0 added, 0 removed, 2 changed');
    const code = /confirm:([0-9a-f]{12})/.exec(plan)?.[1] ?? '';
    expect((await d.slash('alice', thread.id, '/game pack upgrade to:1.1.0 confirm:000000000000')).reply?.content).toMatch(/does not match/);
    const done = await d.slash('alice', thread.id, `/game pack upgrade to:1.1.0 confirm:${code}`);
    expect(done.reply?.content).toMatch(/moved this game's pack drill-two from 1\.0\.0 to 1\.1\.0/);
    const status = await local.get().runtime.app.statusByThread(thread.id);
    expect(status.ok && status.value.packVersion).toBe('1.1.0');
  });

  it('GIVEN two adventures with the same seed, one on the shipped pack and one on an uploaded copy of it WHEN they start THEN the uploaded one posts the same words (no raw text keys) and the same table picture, drawn with its texts', async () => {
    const stack = local.get();
    const d = stack.discord;
    const files = lanternFiles('brine-lantern');
    expect((await d.slash('alice', d.channelId, uploadLine(files), files)).reply?.content).toMatch(/added the pack \*\*The Salt Lantern\*\* \(brine-lantern 1\.1\.0, 8 files\)/);
    const play = async (pack: string): Promise<string> => {
      await d.slash('alice', d.channelId, `/game new game:adventure seed:2${pack}`);
      const thread = d.threads(d.channelId).at(-1);
      if (!thread) throw new Error('no thread');
      await d.slash('bob', thread.id, '/game join');
      await d.slash('alice', thread.id, '/game start');
      await stack.settle();
      return thread.id;
    };
    const shipped = await play('');
    const uploaded = await play(' pack:brine-lantern');
    const status = await stack.runtime.app.statusByThread(uploaded);
    expect(status.ok && [status.value.packId, status.value.packVersion]).toEqual(['brine-lantern', '1.1.0']);

    const posts = (threadId: string) => d.messages(threadId).filter((m) => m.authorId !== 'alice' && m.authorId !== 'bob');
    const words = (threadId: string) => posts(threadId).map((m) => m.content.replace(/<#\d+>/g, '#'));
    expect(words(uploaded).join('\n')).not.toMatch(/\b(chapter|entry|room|card|character)\.[A-Za-z0-9]+/);
    expect(words(uploaded)).toEqual(words(shipped));
    const picture = (threadId: string) => posts(threadId).flatMap((m) => m.attachments).find((a) => a.filename.endsWith('.png'));
    expect(picture(uploaded)?.description).toBe(picture(shipped)?.description);
    expect(picture(uploaded)?.description).toMatch(/The Drowned Harbour/);
    expect(picture(uploaded)?.bytes.equals(picture(shipped)?.bytes ?? Buffer.alloc(0))).toBe(true);
  });
});
