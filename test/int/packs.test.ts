import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createCampaigns, type App, type AppActor } from '../../src/app/index.ts';
import { loadCatalog, type LoadedCatalog } from '../../src/cli/compose.ts';
import { createServices } from '../../src/discord/services.ts';
import { createPackRegistry, nextPackLock, PACK_LOCK_FILE, readPackLock, validatePackCli, writePackLock } from '../../src/content/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { wordsGame, wordsPackFiles, wordsPackSchema } from '../support/words-game.ts';

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const games = { words: wordsGame };

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

/** A second version ships: the current folder keeps its version in its name, the new one takes `<id>/`. */
async function ship(root: string, id: string, oldVersion: string, files: Record<string, string>): Promise<void> {
  await rename(join(root, 'words', id), join(root, 'words', `${id}@${oldVersion}`));
  await writeFiles(join(root, 'words', id), files);
}

describe.each(backends)('content packs pinned by version on %s', (kind) => {
  let db: TestDatabase;
  let root: string;
  let thread = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    root = await mkdtemp(join(tmpdir(), 'tk-packs-'));
  });
  afterAll(async () => {
    await db?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  const appOn = (catalog: LoadedCatalog): App => createApp({ db, games, packs: catalog.packs, packList: catalog.list, clock: () => new Date(), cacheSize: 0 });

  async function started(app: App, packId?: string, guildId = 'g1'): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId, channelId: 'c', threadId: `t-${kind}-${++thread}`, host: ana, gameType: 'words', ...(packId ? { packId } : {}) }));
    unwrap(await app.start(lobby.gameId, ana));
    return lobby.gameId;
  }

  const say = (app: App, gameId: string, word: string) => app.play(gameId, ana, { type: 'say', args: { word } }, `n-${kind}-${++thread}`);

  it('GIVEN two versions of a pack side by side WHEN a game runs on the older one THEN it keeps that version and content, its export carries the hash that verify and import check, and new games get the newer one', async () => {
    const packs = join(root, 'side');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple', 'pear']));
    const before = appOn(await loadCatalog(games, packs));
    const running = await started(before, 'basic');
    unwrap(await say(before, running, 'apple'));

    await ship(packs, 'basic', '1.0.0', wordsPackFiles('basic', '1.1.0', ['apple', 'plum']));
    const catalog = await loadCatalog(games, packs);
    expect(catalog.problems).toEqual([]);
    expect(catalog.list('words').map((p) => `${p.id}@${p.version}`)).toEqual(['basic@1.0.0', 'basic@1.1.0']);
    expect(catalog.packs('words', 'basic')?.version).toBe('1.1.0');
    expect(catalog.packs('words')?.version).toBe('1.1.0');
    const after = appOn(catalog);

    const status = unwrap(await after.status(running));
    expect([status.packId, status.packVersion]).toEqual(['basic', '1.0.0']);
    unwrap(await say(after, running, 'pear'));
    expect(unwrap(await after.verify(running))).toMatchObject({ ok: true, commands: 2 });
    const exported = unwrap(await after.exportGame(running));
    expect(exported.pack).toEqual({ id: 'basic', version: '1.0.0', hash: catalog.packs('words', 'basic', '1.0.0')?.hash });

    const tampered = { ...exported, pack: { id: 'basic', version: '1.0.0', hash: '0'.repeat(32) } };
    const refusedVerify = await after.verify(tampered);
    expect(refusedVerify).toMatchObject({ ok: false, error: { code: 'core.import.invalid' } });
    expect(JSON.stringify(refusedVerify)).toContain('"path":"pack.hash"');
    const refusedImport = await after.importGame(tampered, { guildId: 'g1', channelId: 'c', host: ana });
    expect(refusedImport).toMatchObject({ ok: false, error: { code: 'core.import.invalid' } });
    expect(JSON.stringify(refusedImport)).toContain('"path":"pack.hash"');
    expect(unwrap(await after.verify(exported))).toMatchObject({ ok: true, commands: 2 });

    const fresh = await started(after, 'basic');
    expect(unwrap(await after.status(fresh)).packVersion).toBe('1.1.0');
    expect(await say(after, fresh, 'pear')).toMatchObject({ ok: false, error: { code: 'words.unknown' } });
    const pinned = await started(after, 'basic@1.0.0');
    expect(unwrap(await after.status(pinned)).packVersion).toBe('1.0.0');
  });

  it('GIVEN a game pinned to the older of two shipped versions WHEN its moves are answered THEN the texts shown are its own version\'s, never the newest\'s', async () => {
    const packs = join(root, 'texts');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple'], { 'hints.yaml': 'apple: "a red apple"\n' }));
    const running = await started(appOn(await loadCatalog(games, packs)), 'basic');
    await ship(packs, 'basic', '1.0.0', wordsPackFiles('basic', '1.1.0', ['apple'], { 'hints.yaml': 'apple: "a green apple"\n' }));
    const catalog = await loadCatalog(games, packs);
    const app = appOn(catalog);
    const services = createServices({
      app,
      catalog: catalog.catalog,
      allowSeed: false,
      createThread: () => Promise.reject(new Error('no Discord here')),
      deleteThread: () => Promise.reject(new Error('no Discord here')),
      postToThread: () => Promise.reject(new Error('no Discord here')),
      editMessage: () => Promise.reject(new Error('no Discord here')),
    });
    const answer = await services.presentResult(unwrap(await say(app, running, 'apple')));
    expect(answer.content).toContain('> a red apple');
    expect(answer.content).not.toContain('green');
    const fresh = await started(app, 'basic');
    expect((await services.presentResult(unwrap(await say(app, fresh, 'apple')))).content).toContain('> a green apple');
  });

  it('GIVEN two folders holding the same version of a pack WHEN the catalog loads THEN the second is refused as a duplicate version and the first is used', async () => {
    const packs = join(root, 'twins');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple']));
    await writeFiles(join(packs, 'words', 'basic@1.0.0'), wordsPackFiles('basic', '1.0.0', ['pear']));
    const catalog = await loadCatalog(games, packs);
    expect(catalog.list('words').map((p) => `${p.id}@${p.version}`)).toEqual(['basic@1.0.0']);
    expect(catalog.problems).toEqual([expect.stringMatching(/basic@1\.0\.0: pack\.yaml: \/version: expected a version other than 1\.0\.0/)]);
  });

  it('GIVEN a shipped pack edited without a new version WHEN validated, loaded or played THEN the edit is refused and the running game is never fed the new content', async () => {
    const packs = join(root, 'unbumped');
    const dir = join(packs, 'words', 'basic');
    await writeFiles(dir, wordsPackFiles('basic', '1.0.0', ['apple', 'pear']));
    const lockFile = join(packs, PACK_LOCK_FILE);
    const locked = nextPackLock(undefined, (await createPackRegistry(packs).list()).map((e) => ({ gameType: e.gameType, id: e.id, version: e.version, hash: e.hash })));
    await writePackLock(lockFile, unwrap(locked).lock);
    const app = appOn(await loadCatalog(games, packs));
    const running = await started(app, 'basic');
    unwrap(await say(app, running, 'apple'));

    await writeFiles(dir, wordsPackFiles('basic', '1.0.0', ['apple', 'pear', 'fig']));
    const lock = unwrap(await readPackLock(lockFile));
    const cli = await validatePackCli(dir, { json: true, schemaFor: () => wordsPackSchema, ...(lock ? { lock } : {}) });
    expect(cli.exitCode).toBe(1);
    expect(JSON.parse(cli.output)).toMatchObject({ ok: false, game: 'words', errors: [{ file: 'pack.yaml', path: '/version', code: 'content.pack.versionNotBumped' }], counts: { files: 2, errors: 1 } });

    const edited = await loadCatalog(games, packs);
    expect(edited.problems.join('\n')).toMatch(/was shipped with other content/);
    expect(edited.packs('words', 'basic')).toBeUndefined();
    expect(await appOn(edited).status(running)).toMatchObject({ ok: false, error: { code: 'core.pack.unavailable' } });

    await rm(lockFile);
    const unlocked = appOn(await loadCatalog(games, packs));
    expect(await unlocked.status(running)).toMatchObject({ ok: false, error: { code: 'core.pack.changed', params: { packId: 'basic', version: '1.0.0' } } });
    expect(await unlocked.verify(running)).toMatchObject({ ok: false, error: { code: 'core.pack.changed' } });
  });

  it('GIVEN a newer version WHEN the host upgrades THEN the plan names what changes, a wrong code or an unplayable log is refused, and the confirmed move verifies end to end', async () => {
    const packs = join(root, 'upgrade');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple', 'pear']));
    const old = appOn(await loadCatalog(games, packs));
    const movable = await started(old, 'basic');
    unwrap(await say(old, movable, 'apple'));
    const stuck = await started(old, 'basic');
    unwrap(await say(old, stuck, 'pear'));
    await ship(packs, 'basic', '1.0.0', wordsPackFiles('basic', '1.1.0', ['apple', 'plum']));
    const app = appOn(await loadCatalog(games, packs));

    expect(await app.planUpgrade(movable, { userId: 'u-bo', userName: 'Bo' })).toMatchObject({ ok: false, error: { code: 'core.notHost' } });
    const plan = unwrap(await app.planUpgrade(movable, ana));
    expect(plan).toMatchObject({ packId: 'basic', from: { version: '1.0.0' }, to: { version: '1.1.0' }, replayed: 1 });
    expect(plan.changes).toEqual([
      { file: 'pack', added: 0, removed: 0, changed: 1 },
      { file: 'words', added: 0, removed: 0, changed: 1 },
    ]);
    expect(await app.planUpgrade(stuck, ana)).toMatchObject({ ok: false, error: { code: 'core.pack.cannotReplay', params: { seq: 1, version: '1.1.0' } } });
    expect(unwrap(await app.status(stuck)).packVersion).toBe('1.0.0');

    expect(await app.upgradePack(movable, ana, undefined, '0000000000000')).toMatchObject({ ok: false, error: { code: 'core.pack.confirmMismatch' } });
    expect(unwrap(await app.status(movable)).packVersion).toBe('1.0.0');
    unwrap(await app.upgradePack(movable, ana, undefined, plan.to.hash.slice(0, 12)));
    expect(unwrap(await app.status(movable)).packVersion).toBe('1.1.0');
    unwrap(await say(app, movable, 'plum'));
    expect(unwrap(await app.verify(movable))).toMatchObject({ ok: true, commands: 2 });
    expect(await app.planUpgrade(movable, ana)).toMatchObject({ ok: false, error: { code: 'core.pack.upToDate' } });
  });

  it('GIVEN a game that moved on to newer rules (a rules checkpoint) WHEN its host plans a pack upgrade THEN it is refused: its first commands cannot be replayed on the new content (issue 21)', async () => {
    const packs = join(root, 'moved-on');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple', 'pear']));
    const old = appOn(await loadCatalog(games, packs));
    const gameId = await started(old, 'basic');
    unwrap(await say(old, gameId, 'apple'));
    await ship(packs, 'basic', '1.0.0', wordsPackFiles('basic', '1.1.0', ['apple', 'pear', 'plum']));
    const bumped = { words: { ...wordsGame, rulesVersion: `${wordsGame.rulesVersion}-next` } };
    const catalog = await loadCatalog(bumped, packs);
    const app = createApp({ db, games: bumped, packs: catalog.packs, packList: catalog.list, clock: () => new Date(), cacheSize: 0 });
    expect(unwrap(await app.status(gameId)).status).toBe('playing');
    expect(await app.planUpgrade(gameId, ana)).toMatchObject({ ok: false, error: { code: 'core.pack.cannotReplay', params: { seq: 1, version: '1.1.0' } } });
    expect(unwrap(await app.status(gameId)).packVersion).toBe('1.0.0');
  });

  it('GIVEN a campaign pinned to 1.0.0 WHEN 1.1.0 ships THEN its games keep 1.0.0 until the organiser (or Manage Server) moves it on with /campaign pack upgrade, which says what changes, needs the code, and leaves the open game on its version (issue 21)', async () => {
    const packs = join(root, 'campaign');
    await writeFiles(join(packs, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple', 'pear']));
    const old = appOn(await loadCatalog(games, packs));
    const at = () => new Date('2026-05-01T10:00:00.000Z');
    const before = createCampaigns({ prisma: db.prisma, games, clock: at, app: old });
    const bo = { userId: 'u-bo', userName: 'Bo' };
    const c = unwrap(await before.create({ guildId: 'g1', channelId: 'c', organiser: ana, gameType: 'words', name: `Lexicon ${kind}` }));
    unwrap(await before.join(c.id, bo));
    const organiser = { ...ana, manageGuild: false };
    const first = unwrap(await before.next(c.id, organiser, { openThread: () => Promise.resolve(`t-${kind}-${++thread}`) }));
    expect(unwrap(await before.status(c.id)).pack).toMatchObject({ id: 'basic', version: '1.0.0' });
    expect(await before.planPackUpgrade(c.id, organiser)).toMatchObject({ ok: false, error: { code: 'core.pack.upToDate' } });

    await ship(packs, 'basic', '1.0.0', wordsPackFiles('basic', '1.1.0', ['apple', 'plum']));
    const app = appOn(await loadCatalog(games, packs));
    const campaigns = createCampaigns({ prisma: db.prisma, games, clock: at, app });
    expect(await campaigns.planPackUpgrade(c.id, { ...bo, manageGuild: false })).toMatchObject({ ok: false, error: { code: 'campaign.notOrganiser' } });
    const plan = unwrap(await campaigns.planPackUpgrade(c.id, organiser));
    expect(plan).toMatchObject({ packId: 'basic', from: { version: '1.0.0' }, to: { version: '1.1.0' }, openIndex: 1 });
    expect(plan.changes).toEqual([
      { file: 'pack', added: 0, removed: 0, changed: 1 },
      { file: 'words', added: 0, removed: 0, changed: 1 },
    ]);
    expect(await campaigns.upgradePack(c.id, organiser, undefined, '00000000')).toMatchObject({ ok: false, error: { code: 'core.pack.confirmMismatch' } });
    expect(unwrap(await campaigns.status(c.id)).pack).toMatchObject({ id: 'basic', version: '1.0.0' });

    unwrap(await campaigns.upgradePack(c.id, { ...bo, manageGuild: true }, undefined, plan.to.hash.slice(0, 12)));
    expect(unwrap(await campaigns.status(c.id)).pack).toMatchObject({ id: 'basic', version: '1.1.0' });
    expect(unwrap(await app.status(first.lobby.gameId)).packVersion).toBe('1.0.0');
    unwrap(await app.abandon(first.lobby.gameId, ana));
    const second = unwrap(await campaigns.next(c.id, organiser, { openThread: () => Promise.resolve(`t-${kind}-${++thread}`) }));
    expect(unwrap(await app.status(second.lobby.gameId))).toMatchObject({ packId: 'basic', packVersion: '1.1.0' });
  });
});

describe.each(backends)('/pack upload storage on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let catalog: LoadedCatalog;
  let root: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    root = await mkdtemp(join(tmpdir(), 'tk-upload-'));
    await writeFiles(join(root, 'words', 'basic'), wordsPackFiles('basic', '1.0.0', ['apple']));
    catalog = await loadCatalog(games, root);
    app = createApp({ db, games, packs: catalog.packs, packList: catalog.list, clock: () => new Date(), cacheSize: 0 });
  });
  afterAll(async () => {
    await db?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  const asFiles = (files: Record<string, string>) => Object.entries(files).map(([name, text]) => ({ name, text }));
  const stored = () => db.prisma.contentPack.count();

  it('GIVEN an upload with problems in several files WHEN uploaded THEN every problem is listed with file and path, and nothing is stored', async () => {
    const files = wordsPackFiles('mine', '1.0.0', [], { 'words.yaml': '- 7\n- ""\n- fine\n', 'hints.yaml': 'apple: 5\n', 'bogus.yaml': 'x: 1\n' });
    const r = await app.uploadPack('g1', 'u-admin', asFiles(files));
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.error.map((e) => [e.file, e.path, e.code]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['bogus.yaml', '', 'content.pack.unknownFile'],
        ['words.yaml', '/0', 'content.pack.wrongType'],
        ['words.yaml', '/1', 'content.pack.invalidValue'],
        ['hints.yaml', '/apple', 'content.pack.wrongType'],
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(await stored()).toBe(0);

    const broken = await app.uploadPack('g1', 'u-admin', asFiles({ 'pack.yaml': 'id: [', 'words.yaml': 'a: 1\na: 2\n', 'tags.yaml': '!!js/function x' }));
    expect(broken.ok ? [] : broken.error.map((e) => [e.file, e.code])).toEqual([
      ['pack.yaml', 'content.pack.syntax'],
      ['tags.yaml', 'content.pack.customTag'],
      ['words.yaml', 'content.pack.duplicateKey'],
    ]);
    expect(await stored()).toBe(0);
  });

  it('GIVEN a YAML alias bomb, deep JSON or YAML nesting or an oversized file WHEN uploaded THEN each is refused by its limit (before parsing, for nested YAML brackets) and nothing is stored', async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    const r = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('bomb', '1.0.0', ['x'], { 'hints.yaml': `${bomb}\n` })));
    expect(r.ok ? null : r.error.map((e) => [e.file, e.code])).toEqual([['hints.yaml', 'content.pack.aliasLimit']]);
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    const d = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('deep', '1.0.0', ['x'], { 'hints.json': deep })));
    expect(d.ok ? null : d.error.map((e) => [e.file, e.code])).toEqual([['hints.json', 'content.pack.tooDeep']]);
    const deepYaml = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('deepy', '1.0.0', ['x'], { 'hints.yaml': `${'['.repeat(100_000)}${']'.repeat(100_000)}` })));
    expect(deepYaml.ok ? null : deepYaml.error.map((e) => [e.file, e.code])).toEqual([['hints.yaml', 'content.pack.tooDeep']]);
    const big = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('big', '1.0.0', ['x'], { 'hints.yaml': `a: "${'x'.repeat(300 * 1024)}"\n` })));
    expect(big.ok ? null : big.error.map((e) => [e.file, e.code])).toEqual([['hints.yaml', 'content.pack.fileTooLarge']]);
    expect(await stored()).toBe(0);
  });

  it('GIVEN a valid upload WHEN stored THEN only its guild is offered it, games created with it find it, and versions must move forward', async () => {
    const files = wordsPackFiles('mine', '1.0.0', ['kiwi', 'lime']);
    expect(unwrap(await app.uploadPack('g1', 'u-admin', asFiles(files)))).toMatchObject({ gameType: 'words', id: 'mine', version: '1.0.0', unchanged: false, files: 2 });
    expect(unwrap(await app.uploadPack('g1', 'u-admin', asFiles(files)))).toMatchObject({ unchanged: true });
    expect(await stored()).toBe(1);

    expect((await app.packChoices('g1', 'words')).map((c) => [c.id, c.version, c.uploaded])).toEqual([['basic', '1.0.0', false], ['mine', '1.0.0', true]]);
    expect((await app.packChoices('g2', 'words')).map((c) => c.id)).toEqual(['basic']);

    const lobby = unwrap(await app.newGame({ guildId: 'g1', channelId: 'c', threadId: `up-${kind}`, host: ana, gameType: 'words', packId: 'mine' }));
    unwrap(await app.start(lobby.gameId, ana));
    unwrap(await app.play(lobby.gameId, ana, { type: 'say', args: { word: 'kiwi' } }, `up-n-${kind}`));
    const reloaded = createApp({ db, games, packs: catalog.packs, clock: () => new Date(), cacheSize: 0 });
    expect(unwrap(await reloaded.verify(lobby.gameId))).toMatchObject({ ok: true, commands: 1 });
    expect(await app.newGame({ guildId: 'g2', channelId: 'c', threadId: `up2-${kind}`, host: ana, gameType: 'words', packId: 'mine' })).toMatchObject({ ok: false, error: { code: 'core.pack.unavailable' } });

    const edited = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('mine', '1.0.0', ['kiwi'])));
    expect(edited.ok ? null : edited.error.map((e) => e.code)).toEqual(['content.pack.versionNotBumped']);
    unwrap(await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('mine', '1.2.0', ['kiwi']))));
    const older = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('mine', '1.1.0', ['kiwi'])));
    expect(older.ok ? null : older.error.map((e) => e.code)).toEqual(['content.upload.olderVersion']);
    const shipped = await app.uploadPack('g1', 'u-admin', asFiles(wordsPackFiles('basic', '9.0.0', ['kiwi'])));
    expect(shipped.ok ? null : shipped.error.map((e) => e.code)).toEqual(['content.upload.shippedId']);
    expect(await stored()).toBe(2);
    expect(unwrap(await app.status(lobby.gameId)).packVersion).toBe('1.0.0');
    expect((await readFile(join(root, 'words', 'basic', 'words.yaml'), 'utf8')).trim()).toBe('- apple');
  });

  it('GIVEN pack names no pack.yaml allows (NUL, prototype names, a broken version) WHEN a game is created with them THEN refused as unavailable, never a database error', async () => {
    for (const packId of ['a\u0000b', 'valueOf', '__proto__', 'mine@1.0.0\u0000', 'mine@\ud800', 'MINE']) {
      const r = await app.newGame({ guildId: 'g1', channelId: 'c', threadId: `odd-${kind}-${packId.length}-${packId.charCodeAt(packId.length - 1)}`, host: ana, gameType: 'words', packId });
      expect(r, JSON.stringify(packId)).toMatchObject({ ok: false, error: { code: 'core.pack.unavailable' } });
    }
  });
});
