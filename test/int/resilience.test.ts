import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createDispatcher, type App, type AppActor, type DeliveryResult } from '../../src/app/index.ts';
import { loadPackFromFiles, validatePack } from '../../src/content/index.ts';
import { decodeCustomId, encodeCustomId } from '../../src/discord/custom-id.ts';
import { adventurePackSchema } from '../../src/games/adventure/index.ts';
import { claimDue, listOutbox, loadLog, type OutboxRow } from '../../src/store/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { unwrap } from '../support/unwrap.ts';

const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };
const cy: AppActor = { userId: 'u-cy', userName: 'Cy' };

describe.each(backends)('resilience on %s', (kind) => {
  let db: TestDatabase;
  let app: App;
  const now = Date.now();
  const clock = () => new Date(now);
  let thread = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function game(players: readonly AppActor[] = [ana, bo]): Promise<string> {
    const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: `res-${kind}-${++thread}`, host: ana, gameType: 'tally', options: { target: 50 }, seed: 3 }));
    for (const p of players.slice(1)) unwrap(await app.join(lobby.gameId, p));
    unwrap(await app.start(lobby.gameId, ana));
    return lobby.gameId;
  }

  it('GIVEN commands committed and the bot killed before delivering (and a second worker killed mid-claim) WHEN a new dispatcher starts THEN every outbox row is delivered exactly once', async () => {
    const id = await game();
    unwrap(await app.play(id, ana, { type: 'add', args: { n: 2 } }, 'k1'));
    unwrap(await app.play(id, ana, { type: 'challenge', args: {} }, 'k2'));
    const crashed = await claimDue(db.prisma, new Date(Date.now() + 1_000), 2, 'dead-worker');
    expect(crashed.length).toBe(2);
    const delivered = new Map<string, number>();
    const deliver = async (row: OutboxRow): Promise<DeliveryResult> => {
      delivered.set(row.id, (delivered.get(row.id) ?? 0) + 1);
      return { ok: true, ref: `m${row.id}` };
    };
    const later = () => new Date(Date.now() + 10_000);
    const restarted = createDispatcher({ db, deliver, clock: later, staleAfterMs: 5_000, batch: 50 });
    for (let i = 0; i < 5; i++) await restarted.tick();
    const rows = (await listOutbox(db.prisma, { gameId: id })) as OutboxRow[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const posted = rows.filter((r) => r.sentRef !== 'superseded');
    expect(posted.map((r) => delivered.get(r.id))).toEqual(posted.map(() => 1));
    expect(rows.filter((r) => r.sentRef === 'superseded').every((r) => !delivered.has(r.id))).toBe(true);
  });

  it('GIVEN a double click (two interactions on one button) WHEN both reach the app at once THEN exactly one applies and the other is told the game moved on', async () => {
    const id = await game();
    const seq = unwrap(await app.status(id)).seq;
    const results = await Promise.all([
      app.play(id, ana, { type: 'add', args: { n: 1 } }, 'dbl-1', { expectedSeq: seq }),
      app.play(id, ana, { type: 'add', args: { n: 1 } }, 'dbl-2', { expectedSeq: seq }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code))).toEqual(['core.movedOn']);
    expect((await loadLog(db.prisma, id)).map((e) => e.nonce)).toHaveLength(1);
  });

  it('GIVEN one interaction delivered twice WHEN both copies are processed THEN it is applied once and the copy returns the earlier result', async () => {
    const id = await game();
    const [a, b] = await Promise.all([app.play(id, ana, { type: 'add', args: { n: 3 } }, 'same'), app.play(id, ana, { type: 'add', args: { n: 3 } }, 'same')]);
    expect(unwrap(a).seq).toBe(1);
    expect(unwrap(b).seq).toBe(1);
    expect([unwrap(a).duplicate ?? false, unwrap(b).duplicate ?? false].filter(Boolean)).toHaveLength(1);
    expect(await loadLog(db.prisma, id)).toHaveLength(1);
  });

  it('GIVEN two processes (two clients on one database) WHEN both act on one game at the same seq THEN exactly one wins and the other is told why', async () => {
    const id = await game();
    const peer = await db.openPeer();
    const other = createApp({ db: peer, games: { tally: tallyGame }, packs: () => undefined, clock });
    const results = await Promise.all([
      app.play(id, ana, { type: 'add', args: { n: 1 } }, 'p-a', { expectedSeq: 0 }),
      other.play(id, ana, { type: 'roll', args: {} }, 'p-b', { expectedSeq: 0 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'core.movedOn' } });
    const verified = unwrap(await app.verify(id));
    expect(verified).toMatchObject({ ok: true, commands: 1 });
  });

  it('GIVEN a seated game WHEN others act for a seat THEN only its owner may, the host only through the logged act-as, spectators and strangers never', async () => {
    const id = await game([ana, bo, cy]);
    expect(await app.play(id, bo, { type: 'add', args: { n: 1 } }, 'o1')).toEqual({ ok: false, error: { code: 'core.notYourTurn', params: { seat: 0 } } });
    expect(await app.play(id, { userId: 'u-zed', userName: 'Zed' }, { type: 'add', args: { n: 1 } }, 'o2')).toEqual({ ok: false, error: { code: 'core.seat.none' } });
    expect(await app.play(id, bo, { type: 'add', args: { n: 1 } }, 'o3', { asSeat: 0 })).toEqual({ ok: false, error: { code: 'core.notHost' } });
    await db.prisma.seat.create({ data: { gameId: id, index: 100, userId: 'u-spec', userName: 'Spec', role: 'spectator' } });
    expect(await app.play(id, { userId: 'u-spec', userName: 'Spec' }, { type: 'add', args: { n: 1 } }, 'o4')).toEqual({ ok: false, error: { code: 'core.seat.none' } });
    unwrap(await app.play(id, ana, { type: 'pass', args: {} }, 'o5'));
    const acted = unwrap(await app.play(id, ana, { type: 'add', args: { n: 2 } }, 'o6', { asSeat: 1 }));
    expect(acted.seq).toBe(2);
    const log = await loadLog(db.prisma, id);
    expect(log.at(-1)).toMatchObject({ seat: 1, asHost: true, actorUserId: 'u-ana' });
  });

  it('GIVEN a game WHEN fuzzed commands of any type and arguments arrive THEN each is applied or refused with a code, and the log always replays to the cached state', async () => {
    const id = await game();
    let n = 0;
    const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('add', 'roll', 'pass', 'reveal', 'challenge', 'answer', 'core.undo', 'x', 'hasOwnProperty2'), fc.oneof(json, fc.record({ n: fc.integer() }), fc.record({ accept: fc.boolean() })), fc.constantFrom(ana, bo), async (type, args, who) => {
        const r = await app.play(id, who, { type, args: args as Record<string, unknown> }, `fz-${++n}`);
        if (!r.ok) expect(r.error.code).toMatch(/^[a-z]+(\.[A-Za-z]+)+$/);
      }),
      { numRuns: kind === 'pglite' ? 60 : 30 },
    );
    const verified = unwrap(await app.verify(id));
    const row = await db.prisma.game.findUnique({ where: { id }, select: { stateHash: true, status: true } });
    expect(verified.ok && verified.hash).toBe(row?.stateHash);
  });
});

describe('prototype keys as command types', () => {
  it('GIVEN a command named "toString" WHEN played THEN it is refused as unknown, not thrown', async () => {
    const db = await openTestDatabase('pglite');
    try {
      const app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date() });
      const lobby = unwrap(await app.newGame({ guildId: 'g', channelId: 'c', threadId: 'proto', host: ana, gameType: 'tally', options: {} }));
      unwrap(await app.start(lobby.gameId, ana));
      expect(await app.play(lobby.gameId, ana, { type: 'toString', args: {} }, 'proto-1')).toEqual({ ok: false, error: { code: 'core.unknownCommand', params: { type: 'toString' } } });
    } finally {
      await db.dispose();
    }
  });
});

describe('custom ids', () => {
  it('GIVEN any string WHEN decoded as a custom id THEN it never throws and yields null or a well-formed id within Discord limits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.tuple(fc.string(), fc.string(), fc.nat(), fc.integer(), fc.string()).map((p) => ['tk1', ...p].join('|'))), (raw) => {
        const id = decodeCustomId(raw);
        if (id !== null) {
          expect(encodeCustomId(id).length).toBeLessThanOrEqual(100);
          expect(id.seq).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('GIVEN any valid id WHEN encoded THEN it carries only kind, game id, seq and small indexes (no secret values)', () => {
    fc.assert(
      fc.property(fc.constantFrom('join', 'start', 'prompt', 'legal', 'mute', 'secrets' as const), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), fc.nat({ max: 999_999_999 }), fc.nat({ max: 999 }), fc.nat({ max: 999 }), (kind, gameId, seq, a, b) => {
        const raw = encodeCustomId({ kind, gameId, seq, a, b });
        expect(raw).toMatch(/^tk1\|[a-z]+\|[A-Za-z0-9_-]{1,40}\|\d+\|\d{1,3}\|\d{1,3}$/);
        expect(decodeCustomId(raw)).toEqual({ kind, gameId, seq, a, b });
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile content packs', () => {
  const manifest = 'id: hostile\nversion: 1.0.0\ngame: adventure\nname: Hostile\n';

  function refused(files: { name: string; text: string }[]): string[] {
    const loaded = loadPackFromFiles(files);
    if (!loaded.ok) return loaded.error.map((e) => e.code);
    const valid = validatePack(loaded.value, adventurePackSchema);
    return valid.ok ? [] : valid.error.map((e) => e.code);
  }

  it('GIVEN an oversized file, an alias bomb, deep nesting or an unknown key WHEN uploaded THEN the pack is refused with the reason', () => {
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n');
    expect(refused([{ name: 'pack.yaml', text: manifest }, { name: 'rooms.yaml', text: `x: "${'a'.repeat(3 * 1024 * 1024)}"` }])).toContain('content.pack.fileTooLarge');
    expect(refused([{ name: 'pack.yaml', text: manifest }, { name: 'rooms.yaml', text: bomb }])).toContain('content.pack.aliasLimit');
    expect(refused([{ name: 'pack.yaml', text: manifest }, { name: 'rooms.json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` }])).toContain('content.pack.tooDeep');
    expect(refused([{ name: 'pack.yaml', text: `${manifest}extra: 1\n` }]).length).toBeGreaterThan(0);
  });

  it('GIVEN fuzzed pack files WHEN loaded and validated THEN it never throws and a refusal always names a code', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.oneof(fc.constantFrom('pack.yaml', 'rooms.yaml', 'cards.json', 'x.js', '../up.yaml'), fc.string({ maxLength: 20 })), text: fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue().map((v) => JSON.stringify(v))) }), { maxLength: 4 }), (files) => {
        const codes = refused(files);
        for (const code of codes) expect(code).toMatch(/^content\.pack\.[A-Za-z]+$/);
      }),
      { numRuns: 200 },
    );
  });
});
