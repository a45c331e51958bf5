import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../src/local/discord/types.ts';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { interactiveComponents } from '../../src/local/transcript/index.ts';
import { createLogger } from '../../src/ops/logger.ts';

/** Buttons a player can still press under a message. */
const liveButtons = (m: LocalMessage) => interactiveComponents(m.components).filter((c) => c.type === 2 && c.disabled !== true && c.style !== 5);

/** Buttons that look things up instead of playing (they answer privately and change nothing). */
const LOOKUP = /^(My secrets|Help|Rules)$/;

/** What a label must never show a new player: JSON, pack or rule codes, zero-based seats. */
const ENGINE_WORDS = /[{}[\]"]|\b(adventure|comanauts|comaward|lifeform|core)\.[a-z]|\bseat 0\b|#\d/i;

/** A move a player made, and how they found it. */
interface Step {
  readonly user: string;
  readonly via: 'button' | 'dm button' | 'suggestion';
  readonly label: string;
}

/**
 * Issue 15's proof "a first game of each game played by a new player using only the turn message's
 * buttons and /play suggestions", and the same convention for issues 16 and 17: players who know no
 * command press the buttons of the message that pinged them (or of their DMs), and where none is offered
 * take `/play`'s first suggestion. Every move must be accepted and every label read as words.
 */
describe('a first game of each game, played only with the offered buttons and /play suggestions', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    // Nothing here looks at the table pictures: each game's newest ones are drawn at its end instead.
    stack = await startLocalStack({ memory: true, logger: createLogger('silent'), env: {}, pictures: 'deferred' });
  }, 300_000);
  afterAll(async () => {
    await stack.stop();
  });

  async function open(game: string, players: readonly string[], options = ''): Promise<string> {
    const d = stack.discord;
    await d.slash(players[0] as string, d.channelId, `/game new game:${game} seed:7 ${options}`.trim());
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    for (const p of players.slice(1)) await d.slash(p, thread.id, '/game join');
    const r = await d.slash(players[0] as string, thread.id, '/game start');
    expect(r.ephemeral, r.reply?.content).toBe(false);
    await stack.settle();
    return thread.id;
  }

  /** The newest bot message (thread or DM) with a playing button, and the player it addresses. */
  function offered(thread: string, players: readonly string[]): { user: string; message: LocalMessage; dm: boolean } | null {
    const d = stack.discord;
    const byId = new Map(players.map((p) => [d.user(p).id, p]));
    const candidates: { user: string; message: LocalMessage; dm: boolean }[] = [];
    for (const p of players) {
      for (const m of d.dms(p)) if (liveButtons(m).some((b) => !LOOKUP.test(String(b.label)))) candidates.push({ user: p, message: m, dm: true });
    }
    for (const m of d.messages(thread)) {
      if (m.authorId !== d.botUser.id || !liveButtons(m).some((b) => !LOOKUP.test(String(b.label)))) continue;
      const user = m.pings.map((id) => byId.get(id)).find((u) => u !== undefined);
      if (user) candidates.push({ user, message: m, dm: false });
    }
    return candidates.sort((a, b) => b.message.editSeq - a.message.editSeq)[0] ?? null;
  }

  /** One move by whoever the table is waiting on: a button where one is offered, else a suggestion. */
  async function move(thread: string, players: readonly string[], turn: number): Promise<Step | null> {
    const d = stack.discord;
    const here = offered(thread, players);
    if (here) {
      const buttons = liveButtons(here.message).filter((b) => !LOOKUP.test(String(b.label)));
      // A new player mostly takes the first (most likely) choice, and now and then another one.
      const button = buttons[turn % 3 === 2 && buttons.length > 1 ? 1 : 0];
      const label = String(button?.label ?? '');
      const r = await d.click(here.user, here.message.id, String(button?.custom_id));
      expect(r.ephemeral, `${here.user} pressed "${label}": ${r.reply?.content ?? ''}`).toBe(false);
      await stack.settle();
      return { user: here.user, via: here.dm ? 'dm button' : 'button', label };
    }
    for (const user of players) {
      const choices = await d.autocomplete(user, thread, '/play action:');
      const choice = choices.find((c) => !/^(…|\.\.\.)|type to /i.test(c.name) && String(c.value).length > 0);
      if (!choice) continue;
      const r = await d.slash(user, thread, `/play action:${String(choice.value)}`);
      if (r.ephemeral) continue;
      await stack.settle();
      return { user, via: 'suggestion', label: choice.name };
    }
    return null;
  }

  const games: readonly { game: string; players: readonly string[]; options?: string; moves: number }[] = [
    { game: 'adventure', players: ['alice', 'bob'], moves: 30 },
    { game: 'comanauts', players: ['carol', 'dave'], moves: 30 },
    { game: 'comaward', players: ['alice', 'bob', 'carol'], options: 'options:"quirks=false"', moves: 30 },
    { game: 'lifeform', players: ['bob', 'dave'], moves: 30 },
  ];

  for (const { game, players, options, moves } of games) {
    it(`GIVEN new players in a first ${game} game WHEN they only press the offered buttons or take /play's first suggestion THEN every move is accepted, each label reads as words, and the game moves on`, async () => {
      const thread = await open(game, players, options);
      const steps: Step[] = [];
      for (let turn = 0; turn < moves; turn++) {
        const step = await move(thread, players, turn);
        if (!step) break;
        expect(step.label, `${game}: ${step.via} label`).not.toMatch(ENGINE_WORDS);
        steps.push(step);
      }
      if (process.env.FIRST_GAMES_LOG) console.log(game, steps.map((s) => `${s.user}/${s.via}: ${s.label}`).join("\n"));
      const status = (await stack.state(thread)) as { seq?: number; status?: string; ended?: unknown };
      // Either the moves ran out with the game still going, or nothing was left to do because it ended.
      expect(steps.length, `${game} stopped after ${steps.map((s) => `${s.user}: ${s.label}`).join(' · ')}`).toBeGreaterThanOrEqual(Math.min(moves, 10));
      expect(new Set(steps.map((s) => s.user)).size, `${game}: more than one player acted`).toBeGreaterThan(1);
      expect(status).toBeDefined();
      expect(await stack.pictures?.drawNewest(), `${game}: the newest table and seat pictures, drawn`).toEqual([]);
    }, 240_000);
  }
});
