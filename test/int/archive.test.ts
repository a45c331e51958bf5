import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, type AppActor, type GameExport, type GameRecord } from '../../src/app/index.ts';
import { loadCatalog } from '../../src/cli/compose.ts';
import type { Snapshot } from '../../src/core/index.ts';
import { gameModules } from '../../src/games/index.ts';
import { primeShownIn, secretValues } from '../../src/games/comanauts/leak.test-helper.ts';
import type { ComanautsState } from '../../src/games/comanauts/state.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const users: AppActor[] = ['ana', 'bo', 'cy', 'di'].map((n) => ({ userId: `u-${n}`, userName: n[0]!.toUpperCase() + n.slice(1) }));
const [ana, bo, cy] = users as [AppActor, AppActor, AppActor];
const stranger: AppActor = { userId: 'u-zed', userName: 'Zed' };

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** The seed as a number token of the JSON text (not part of a longer number, an id or a time). */
const hasNumber = (text: string, n: number): boolean => new RegExp(`(?<![\\w.:-])${n}(?![\\w.:-])`).test(text);

describe.each(backends)('game files on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  let thread = 0;
  const now = new Date('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const { catalog, packs } = await loadCatalog();
    app = createApp({ db, games: { ...gameModules, ...catalog.modules, tally: tallyGame }, packs, clock: () => now });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function started(gameType: string, players: readonly AppActor[], seed: number, options: unknown = {}): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-${kind}-${++thread}`, host: players[0]!, gameType, options, seed }));
    for (const p of players.slice(1)) unwrap(await app.join(lobby.gameId, p));
    unwrap(await app.start(lobby.gameId, players[0]!));
    return lobby.gameId;
  }

  /** Plays `steps` legal commands of whoever is awaited (a fixed pseudo-random pick), stopping at the end. */
  async function playRandom(gameId: string, steps: number, salt: number, after?: (step: number) => Promise<void>): Promise<void> {
    let pick = salt;
    for (let i = 0; i < steps; i++) {
      const status = unwrap(await app.status(gameId));
      if (status.status !== 'playing') return;
      const who = status.awaiting?.seats[0];
      if (!who) return;
      const legal = unwrap(await app.legal(gameId, who.userId));
      pick = (pick * 1_103_515_245 + 12_345) % 2_147_483_648;
      const endTurn = legal.commands.findIndex((c) => c.type === 'endActions');
      const index = pick % 4 === 0 && endTurn >= 0 ? endTurn : pick % legal.commands.length;
      const command = legal.commands[index];
      if (!command) return;
      unwrap(await app.play(gameId, { userId: who.userId, userName: who.userName }, command, `n-${gameId}-${i}`));
      await after?.(i);
    }
  }

  async function snapshotOf(gameId: string): Promise<Snapshot<ComanautsState>> {
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { state: true } });
    return row.state as unknown as Snapshot<ComanautsState>;
  }

  it('GIVEN comanauts games in play WHEN the host exports them at several moments THEN the file holds neither the seed, a state hash, command arguments, the generator state, the Prime I.D. before it shows, a face-down avatar nor a die of the bag', async () => {
    for (const [seed, players] of [[1_234_567_891, 2], [987_654_321, 3], [2_000_000_017, 4]] as const) {
      const seated = users.slice(0, players);
      const gameId = await started('comanauts', seated, seed);
      let primeShown = primeShownIn((await snapshotOf(gameId)).state);
      let checked = 0;
      let lastRecord: GameRecord | undefined;
      const check = async (): Promise<void> => {
        const snap = await snapshotOf(gameId);
        primeShown ||= primeShownIn(snap.state);
        if (unwrap(await app.status(gameId)).status !== 'playing') return;
        const exported = unwrap(await app.exportFor(gameId, seated[0]!));
        lastRecord = exported.doc as GameRecord;
        expect(exported.kind).toBe('record');
        const text = JSON.stringify(exported.doc);
        expect([...keysOf(exported.doc)].filter((k) => ['seed', 'genesis', 'stateHashAfter', 'args', 'nonce', 'rng', 'state'].includes(k))).toEqual([]);
        expect(hasNumber(text, seed), `seed ${seed} in the record`).toBe(false);
        for (const n of snap.rng) expect(hasNumber(text, n), 'generator state in the record').toBe(false);
        for (const secret of secretValues(snap.state, primeShown)) expect(text, `seed ${seed}`).not.toContain(secret);
        checked++;
      };
      await check();
      await playRandom(gameId, 45, seed, async (step) => {
        if (step % 15 === 14) await check();
      });
      expect(checked).toBeGreaterThan(1);
      const doc = lastRecord as GameRecord;
      expect(doc).toMatchObject({ format: 'turnkeeper.record/1', verifiable: false, gameType: 'comanauts', seats: seated.map((u, index) => ({ index, userName: u.userName })) });
      expect(doc.log.length).toBeGreaterThan(0);
    }
  });

  it('GIVEN a game in play WHEN a seated player, a spectator or a stranger asks for its file THEN each is refused as host-only and nothing is handed out', async () => {
    const gameId = await started('tally', [ana, bo], 77);
    await db.prisma.seat.create({ data: { gameId, index: 100, userId: cy.userId, userName: cy.userName, role: 'spectator' } });
    for (const who of [bo, cy, stranger]) expect(await app.exportFor(gameId, who)).toEqual({ ok: false, error: { code: 'core.export.hostOnly' } });
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-${kind}-${++thread}`, host: ana, gameType: 'tally', options: {} }));
    expect(await app.exportFor(lobby.gameId, ana)).toEqual({ ok: false, error: { code: 'core.game.notStarted' } });
  });

  it('GIVEN a tally game whose secrets were drawn WHEN the host exports it in play THEN the record shows the public events and view but no secret, and once the game is won every player gets the verifiable file that verify proves end to end', async () => {
    const gameId = await started('tally', [ana, bo], 31_337, { target: 12 });
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 3 } }, 'a1'));
    const snap = await snapshotOf(gameId);
    const record = unwrap(await app.exportFor(gameId, ana));
    expect(record.kind).toBe('record');
    const doc = record.doc as GameRecord;
    expect(doc.log).toEqual([{ seq: 1, seat: 0, asHost: false, actorUserId: ana.userId, at: now.toISOString(), undone: false, events: [{ to: 'public', code: 'tally.added', params: { seat: 0, n: 3 } }] }]);
    expect(doc.publicView).toMatchObject({ scores: [3, 0] });
    expect(JSON.stringify(doc)).not.toMatch(/secrets|31337/);
    expect((snap.state as unknown as { secrets: number[] }).secrets.length).toBe(2);
    let n = 0;
    let last;
    do last = unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 3 } }, `w${n++}`));
    while (last.status === 'playing');
    for (const who of [ana, bo]) {
      const full = unwrap(await app.exportFor(gameId, who));
      expect(full.kind).toBe('full');
      const file = JSON.parse(JSON.stringify(full.doc)) as GameExport;
      expect(file.genesis.seed).toBe(31_337);
      expect(file.clocks).toBeUndefined();
      expect(file.seats?.every((s) => s.prefs === undefined)).toBe(true);
      expect(unwrap(await app.verify(file))).toEqual({ ok: true, commands: file.log.length, hash: expect.any(String), segments: [{ from: 0, to: file.log.length, rulesVersion: '1', checked: 'replayed' }] });
    }
    expect(await app.exportFor(gameId, stranger)).toEqual({ ok: false, error: { code: 'core.export.playersOnly' } });
    unwrap(await app.abandon(unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `t-${kind}-${++thread}`, host: ana, gameType: 'tally', options: {} })).gameId, ana));
  });

  it('GIVEN a move taken back WHEN the host exports the record THEN the move is marked undone with the public notice; GIVEN a stored log changed afterwards THEN the record is refused as corrupt at that move', async () => {
    const gameId = await started('tally', [ana, bo], 12);
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 1 } }, 'ud1'));
    unwrap(await app.undo(gameId, ana, 'ud2'));
    const doc = unwrap(await app.exportFor(gameId, ana)).doc as GameRecord;
    expect(doc.log.map((e) => [e.seq, e.undone, e.events.map((x) => x.code)])).toEqual([[1, true, ['tally.added']], [2, false, ['core.undone']]]);
    expect(doc.publicView).toMatchObject({ scores: [0, 0] });
    await db.prisma.gameCommand.update({ where: { gameId_seq: { gameId, seq: 1 } }, data: { args: { n: 2 } } });
    expect(await app.exportFor(gameId, ana)).toEqual({ ok: false, error: { code: 'core.game.corrupt', params: { seq: 1 } } });
  });

  it('GIVEN an abandoned game WHEN a seated player asks for its file THEN the verifiable file is handed out', async () => {
    const gameId = await started('tally', [ana, bo], 5);
    unwrap(await app.play(gameId, ana, { type: 'roll', args: {} }, 'ab1'));
    unwrap(await app.abandon(gameId, ana));
    const full = unwrap(await app.exportFor(gameId, bo));
    expect(full).toMatchObject({ kind: 'full', doc: { format: 'turnkeeper.game/2', genesis: { seed: 5 }, game: { status: 'abandoned' } } });
  });

  it('GIVEN a game with settings, a spectator, clocks and reminders WHEN the operator exports it and imports it into an empty database THEN host, seats, spectator, policy, pack, clocks and scheduled reminders all come back and it verifies', async () => {
    const gameId = await started('comanauts', [ana, bo], 4242);
    await playRandom(gameId, 6, 9);
    await db.prisma.game.update({ where: { id: gameId }, data: { policy: { reminders: { firstAfterHours: 6 } }, turnSeq: 3 } });
    await db.prisma.seat.updateMany({ where: { gameId, userId: bo.userId }, data: { prefs: { timeZone: 'Europe/Madrid' }, awayUntil: new Date('2026-03-05T00:00:00.000Z') } });
    await db.prisma.seat.create({ data: { gameId, index: 100, userId: cy.userId, userName: cy.userName, role: 'spectator' } });
    await db.prisma.seatClock.create({ data: { gameId, seat: 1, active: true, turnSeq: 3, kind: 'turn', turnStartedAt: now, remindersSent: 1, extensionsUsed: 2, reminderRef: { channelId: 'x', messageId: 'y' } } });
    await db.prisma.scheduledJob.create({ data: { queue: 'reminder', key: `r.${gameId}.1`, gameId, seq: 3, at: new Date('2026-03-01T16:00:00.000Z'), data: { gameId, seq: 3, seat: 1, kind: 'remind' } } });
    const backup = JSON.parse(JSON.stringify(unwrap(await app.exportGame(gameId)))) as GameExport;
    expect(backup).toMatchObject({ format: 'turnkeeper.game/2', pack: { id: expect.any(String), version: expect.any(String) }, game: { hostUserId: ana.userId } });

    const other = await openTestDatabase(kind);
    try {
      const { catalog, packs } = await loadCatalog();
      const restored = createApp({ db: other, games: catalog.modules, packs, clock: () => now });
      const { gameId: copyId } = unwrap(await restored.importGame(backup));
      const row = await other.prisma.game.findUniqueOrThrow({ where: { id: copyId }, include: { seats: { orderBy: { index: 'asc' } }, clocks: true } });
      expect(row).toMatchObject({ hostUserId: ana.userId, threadId: backup.game?.threadId, guildId: 'g', policy: { reminders: { firstAfterHours: 6 } }, turnSeq: 3, packId: backup.pack?.id, packVersion: backup.pack?.version, status: 'playing' });
      expect(row.seats.map((s) => [s.index, s.userId, s.role])).toEqual([[0, ana.userId, 'player'], [1, bo.userId, 'player'], [100, cy.userId, 'spectator']]);
      expect(row.seats[1]).toMatchObject({ prefs: { timeZone: 'Europe/Madrid' }, awayUntil: new Date('2026-03-05T00:00:00.000Z') });
      expect(row.clocks).toEqual([expect.objectContaining({ seat: 1, active: true, turnSeq: 3, remindersSent: 1, extensionsUsed: 2, reminderRef: { channelId: 'x', messageId: 'y' } })]);
      const jobs = await other.prisma.scheduledJob.findMany({ where: { gameId: copyId } });
      expect(jobs.map((j) => [j.queue, j.key, j.seq, j.at.toISOString(), j.data])).toEqual([['reminder', `r.${copyId}.1`, 3, '2026-03-01T16:00:00.000Z', { gameId: copyId, seq: 3, seat: 1, kind: 'remind' }]]);
      expect(unwrap(await restored.verify(copyId))).toMatchObject({ ok: true, commands: backup.log.length });
      const again = await restored.importGame(backup);
      expect(again).toMatchObject({ ok: false, error: { code: 'core.thread.taken' } });
      const copy = unwrap(await restored.importGame(backup, { guildId: 'g', channelId: 'c', host: bo, detached: true }));
      expect(await other.prisma.game.findUniqueOrThrow({ where: { id: copy.gameId }, select: { threadId: true, hostUserId: true } })).toEqual({ threadId: null, hostUserId: ana.userId });
    } finally {
      await other.dispose();
    }
  });

  it('GIVEN a version 1 file WHEN it is imported THEN it is still read and its seats are claimed by their log actors', async () => {
    const gameId = await started('tally', [ana, bo], 8);
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 1 } }, 'v1'));
    const { game: _g, seats: _s, clocks: _c, jobs: _j, ...rest } = unwrap(await app.exportGame(gameId));
    const v1 = { ...JSON.parse(JSON.stringify(rest)), format: 'turnkeeper.game/1' };
    const imported = unwrap(await app.importGame(v1, { guildId: 'g2', channelId: 'c2', host: bo }));
    expect(unwrap(await app.status(imported.gameId))).toMatchObject({ hostUserId: bo.userId, seats: [{ userId: ana.userId }, { userId: 'unclaimed:1' }] });
  });

  it('GIVEN a file played under rules 1 WHEN a bot that runs rules 2 but still replays rules 1 imports it THEN it is stored and verifies; WHEN a bot that no longer replays rules 1 imports it THEN the rules version is refused with the versions it replays', async () => {
    const gameId = await started('tally', [ana, bo], 9);
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 2 } }, 'r1'));
    const file = JSON.parse(JSON.stringify(unwrap(await app.exportGame(gameId)))) as GameExport;
    expect(file.rulesVersion).toBe('1');
    const { catalog, packs } = await loadCatalog();
    const upgraded = (older: readonly string[]) =>
      createApp({ db, games: { ...gameModules, ...catalog.modules, tally: { ...tallyGame, rulesVersion: '2', olderRulesVersions: older } }, packs, clock: () => now });
    const copy = unwrap(await upgraded(['1']).importGame(file, { guildId: 'g3', channelId: 'c3', host: bo }));
    expect(unwrap(await upgraded(['1']).exportGame(copy.gameId))).toMatchObject({ rulesVersion: '1' });
    expect(unwrap(await upgraded(['1']).verify(file))).toMatchObject({ ok: true, commands: file.log.length });
    const refused = await upgraded([]).importGame(file, { guildId: 'g3', channelId: 'c3', host: bo });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('expected rules version 2, which this bot replays');
  });

  it('GIVEN a file broken in many places WHEN it is imported THEN every problem is listed with its path in plain words and nothing is stored', async () => {
    const gameId = await started('tally', [ana, bo], 8);
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 1 } }, 'b1'));
    unwrap(await app.play(gameId, ana, { type: 'add', args: { n: 2 } }, 'b2'));
    const good = JSON.parse(JSON.stringify(unwrap(await app.exportGame(gameId)))) as GameExport & Record<string, unknown>;
    const before = await db.prisma.game.count();
    const broken = {
      ...good,
      genesis: { ...good.genesis, options: { target: 500 } },
      log: [{ ...good.log[0]!, args: { n: 9 } }, { ...good.log[1]!, seq: 5, seat: 7, type: 'fly' }],
    };
    const r = await app.importGame(broken);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('core.import.invalid');
    expect(r.error.problems).toEqual([
      { path: 'genesis.options.target', message: 'expected a number of at most 100' },
      { path: 'log[0].args.n', message: 'expected a number of at most 3' },
      { path: 'log[1].seq', message: 'expected 2: commands are numbered from 1 without gaps' },
      { path: 'log[1].seat', message: 'expected a seat from 0 to 1, or null for the host' },
      { path: 'log[1].type', message: 'expected a command of tally; "fly" is not one' },
    ]);
    const shape = await app.importGame({ ...good, log: [{ ...good.log[0]!, at: 'yesterday' }], genesis: { ...good.genesis, seats: [] }, extra: 1 });
    expect(shape.ok ? [] : shape.error.problems.map((p) => p.path)).toEqual(['genesis.seats', 'log[0].at', 'extra']);
    const record = unwrap(await app.exportFor(gameId, ana)).doc;
    expect(await app.importGame(record)).toMatchObject({ ok: false, error: { code: 'core.import.invalid', problems: [{ path: 'format', message: expect.stringContaining('table record') }] } });
    const tampered = { ...good, log: good.log.map((e) => (e.seq === 2 ? { ...e, args: { n: 1 } } : e)) };
    expect(await app.importGame(tampered)).toMatchObject({ ok: false, error: { code: 'core.import.diverged', params: { seq: 2 }, problems: [{ path: 'log[1]' }] } });
    expect(await db.prisma.game.count()).toBe(before);
  });
});
