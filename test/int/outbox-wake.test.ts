import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createDispatcher, type App, type AppActor } from '../../src/app/index.ts';
import { openWakeSignal, type Database, type WakeSignal } from '../../src/store/index.ts';
import { backends, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { tallyGame } from '../support/tally-game.ts';

/**
 * Issue 19, "The turn handoff": the dispatcher is woken when a command commits, in process and, on
 * PostgreSQL, in another process through LISTEN/NOTIFY, instead of waiting for its poll (an hour here,
 * so only a wake-up can deliver in time).
 */
const ana: AppActor = { userId: 'u-ana', userName: 'Ana' };
const bo: AppActor = { userId: 'u-bo', userName: 'Bo' };
const HOUR = 3_600_000;

describe.each(backends)('outbox wake-up on %s', (kind) => {
  let db: TestDatabase;
  let peer: Database;
  const signals: WakeSignal[] = [];
  let thread = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    peer = await db.openPeer();
  });
  afterAll(async () => {
    for (const s of signals) await s.close();
    await db?.dispose();
  });

  async function signal(on: Database): Promise<WakeSignal> {
    const s = await openWakeSignal(on);
    signals.push(s);
    return s;
  }

  async function started(app: App): Promise<string> {
    const lobby = await app.newGame({ guildId: 'g', channelId: 'c', threadId: `wake-${kind}-${++thread}`, host: ana, gameType: 'tally', options: { target: 50 }, seed: 4 });
    if (!lobby.ok) throw new Error(lobby.error.code);
    await app.join(lobby.value.gameId, bo);
    await app.start(lobby.value.gameId, ana);
    return lobby.value.gameId;
  }

  async function deliveredWithin(ms: number, delivered: string[], gameId: string): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (delivered.includes(gameId)) return true;
      await new Promise((r) => setTimeout(r, 5));
    }
    return false;
  }

  it('GIVEN a dispatcher polling once an hour WHEN a command commits in its own process THEN it is woken and delivers at once', async () => {
    const wake = await signal(db);
    const app = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date(), wake });
    const gameId = await started(app);
    const delivered: string[] = [];
    const dispatcher = createDispatcher({ db, clock: () => new Date(), intervalMs: HOUR, deliver: async (row) => (delivered.push(row.gameId ?? ''), { ok: true }) });
    wake.on(() => dispatcher.wake());
    dispatcher.start();
    await new Promise((r) => setTimeout(r, 100));
    delivered.length = 0;
    const played = await app.play(gameId, ana, { type: 'pass', args: {} }, `wake-local-${kind}`);
    expect(played.ok && played.value.duplicate).toBeFalsy();
    expect(await deliveredWithin(1_000, delivered, gameId)).toBe(true);
    await dispatcher.stop();
  });

  it.skipIf(kind !== 'postgres')('GIVEN a second process (its own connection and LISTEN) WHEN the first commits a command THEN the second is notified with the game, wakes its dispatcher and drops the game from its cache', async () => {
    const wakeA = await signal(db);
    const wakeB = await signal(peer);
    expect(wakeB.listening()).toBe(true);
    const appA = createApp({ db, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date(), wake: wakeA });
    const appB = createApp({ db: peer, games: { tally: tallyGame }, packs: () => undefined, clock: () => new Date(), wake: wakeB });
    const gameId = await started(appA);
    const heard: string[] = [];
    wakeB.on((e) => heard.push(`${e.remote}:${e.gameId}`));
    const delivered: string[] = [];
    const dispatcherB = createDispatcher({ db: peer, clock: () => new Date(), intervalMs: HOUR, deliver: async (row) => (delivered.push(row.gameId ?? ''), { ok: true }) });
    wakeB.on(() => dispatcherB.wake());
    dispatcherB.start();
    await appB.status(gameId);
    await new Promise((r) => setTimeout(r, 100));
    delivered.length = 0;
    const played = await appA.play(gameId, ana, { type: 'pass', args: {} }, 'wake-remote');
    expect(played.ok).toBe(true);
    expect(await deliveredWithin(1_000, delivered, gameId)).toBe(true);
    expect(heard).toContain(`true:${gameId}`);
    const seenByB = await appB.status(gameId);
    expect(seenByB.ok && seenByB.value.seq).toBe(played.ok ? played.value.seq : -1);
    await dispatcherB.stop();
  });
});
