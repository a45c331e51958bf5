import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.ts';
import type { LocalMessage } from '../../src/local/discord/types.ts';
import { startLocalStack, type LocalStack } from '../../src/local/stack.ts';
import { interactiveComponents } from '../../src/local/transcript/index.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { tallyGame } from '../support/tally-game.ts';
import { registerTallyStrings } from '../support/tally-strings.ts';

/** Buttons a player can still press under a message. */
const liveButtons = (m: LocalMessage) => interactiveComponents(m.components).filter((c) => c.type === 2 && c.disabled !== true);

/**
 * Issue 15 "Quiet by default" and "One good picture per turn", through the real discord.js client and
 * the local Discord's record of each message's `allowed_mentions` (who was notified).
 */
describe('quiet turns: one ping per handoff, one live turn message, one picture per turn', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    registerTallyStrings();
    stack = await startLocalStack({ memory: true, modules: { ...gameModules, tally: tallyGame }, logger: createLogger('silent'), env: {} });
  }, 300_000);
  afterAll(async () => {
    await stack.stop();
  });

  async function open(game: string, players: readonly string[], options = ''): Promise<string> {
    const d = stack.discord;
    await d.slash(players[0] as string, d.channelId, `/game new game:${game} seed:2 ${options}`.trim());
    const thread = d.threads(d.channelId).at(-1);
    if (!thread) throw new Error('no thread');
    for (const p of players.slice(1)) await d.slash(p, thread.id, '/game join');
    await d.slash(players[0] as string, thread.id, '/game start');
    await stack.settle();
    return thread.id;
  }

  /** Plays the autocomplete choice named `name` from `/play`. */
  async function play(user: string, thread: string, name: string): Promise<void> {
    const d = stack.discord;
    const choices = await d.autocomplete(user, thread, `/play action:"${name}"`);
    const choice = choices.find((c) => c.name === name);
    if (!choice) throw new Error(`no choice ${name} among ${choices.map((c) => c.name).join(', ')}`);
    const r = await d.slash(user, thread, `/play action:${String(choice.value)}`);
    if (r.ephemeral) throw new Error(`refused: ${r.reply?.content ?? ''}`);
    await stack.settle();
  }

  it('GIVEN a whole 2-player game played with /play WHEN the pings are counted THEN each handoff pings only the player who must act, once; every post sets allowed_mentions; and old turn messages lose their buttons', async () => {
    const d = stack.discord;
    const alice = d.user('alice').id;
    const bob = d.user('bob').id;
    const thread = await open('tally', ['alice', 'bob'], 'options:"target=5"');
    await play('alice', thread, 'Add 3');
    await play('alice', thread, 'Pass');
    await play('bob', thread, 'Add 3');
    await play('bob', thread, 'Pass');
    await play('alice', thread, 'Add 3');
    const posts = d.messages(thread).filter((m) => m.authorId === d.botUser.id);
    const pinging = posts.filter((m) => m.pings.length > 0);
    // Three turn changes (the start, and each pass): three pings, each to the one player awaited.
    expect(pinging.map((m) => m.pings)).toEqual([[alice], [bob], [alice]]);
    expect(posts.every((m) => m.allowedMentions !== null)).toBe(true);
    // The replies still name who is next ("Waiting for <@bob>"), without a notification.
    expect(posts.some((m) => m.pings.length === 0 && m.content.includes(`<@${bob}>`))).toBe(true);
    // The game is over: no button of a turn message is live, and each passed one says what ended it.
    expect(posts.flatMap(liveButtons)).toEqual([]);
    const turnMessages = posts.filter((m) => /it is your move/.test(m.content));
    expect(turnMessages).toHaveLength(3);
    expect(turnMessages.every((m) => /✓ /.test(m.content))).toBe(true);
  }, 120_000);

  it('GIVEN a 2-player adventure played only with the turn message buttons WHEN turns pass THEN one message at a time has live buttons, each handoff pings once, and each turn posts one picture with alt text in words', async () => {
    const d = stack.discord;
    const thread = await open('adventure', ['alice', 'bob']);
    const users = { [d.user('alice').id]: 'alice', [d.user('bob').id]: 'bob' } as Record<string, string>;
    for (let turn = 0; turn < 6; turn++) {
      const posts = d.messages(thread).filter((m) => m.authorId === d.botUser.id);
      const live = posts.filter((m) => liveButtons(m).length > 0);
      expect(live, `turn ${turn}`).toHaveLength(1);
      const message = live[0] as LocalMessage;
      expect(message.content).toMatch(/You can: .*Explore \d{3} · /);
      expect(message.content).not.toMatch(/[{}[\]"]/);
      const who = users[message.pings[0] ?? ''] ?? users[[...message.content.matchAll(/<@(\d+)>/g)].at(-1)?.[1] ?? ''];
      if (!who) throw new Error(`nobody awaited in ${message.content}`);
      // The most likely move first: explore somewhere new, then end the turn once the action is spent.
      const explore = liveButtons(message).find((b) => /^Explore \d{3}/.test(String(b.label)));
      const r = await d.click(who, message.id, String(explore?.custom_id));
      expect(r.ephemeral, r.reply?.content).toBe(false);
      await stack.settle();
      const after = d.message(message.id) as LocalMessage;
      const end = liveButtons(after).find((b) => b.label === 'End the turn');
      expect(end, after.content).toBeDefined();
      await d.click(who, message.id, String(end?.custom_id));
      await stack.settle();
      expect(liveButtons(d.message(message.id) as LocalMessage)).toEqual([]);
      expect(d.message(message.id)?.content).toMatch(/✓ .*End the turn/);
    }
    const posts = d.messages(thread).filter((m) => m.authorId === d.botUser.id);
    const pictures = posts.filter((m) => m.attachments.some((a) => a.filename.endsWith('.png')));
    // The start and six turn changes: one picture each, the inventories folded in, each with alt text.
    expect(pictures).toHaveLength(7);
    for (const p of pictures) {
      expect(p.attachments).toHaveLength(1);
      const alt = p.attachments[0]?.description ?? '';
      expect(alt.length).toBeGreaterThan(100);
      expect(alt.length).toBeLessThanOrEqual(1024);
      expect(alt).toMatch(/The Drowned Harbour/);
    }
    expect(posts.filter((m) => m.pings.length > 0)).toHaveLength(7);
  }, 180_000);

  it('GIVEN a solo adventure WHEN the first character ends the turn THEN a new table picture and turn message follow, without pinging the player again', async () => {
    const d = stack.discord;
    const thread = await open('adventure', ['carol'], 'players:1');
    const before = d.messages(thread).filter((m) => m.attachments.length > 0).length;
    const r = await d.slash('carol', thread, '/endturn');
    expect(r.ephemeral, r.reply?.content).toBe(false);
    await stack.settle();
    const posts = d.messages(thread).filter((m) => m.authorId === d.botUser.id);
    expect(posts.filter((m) => m.attachments.length > 0).length).toBe(before + 1);
    expect(posts.filter((m) => liveButtons(m).length > 0)).toHaveLength(1);
    expect(posts.filter((m) => m.pings.length > 0)).toHaveLength(1);
  }, 120_000);

  it('GIVEN a 2-player Comanauts game played by new players only with the turn message buttons WHEN twenty clicks go by THEN each is accepted and only one message has live buttons at a time', async () => {
    const d = stack.discord;
    const thread = await open('comanauts', ['dave', 'carol']);
    const byId = { [d.user('dave').id]: 'dave', [d.user('carol').id]: 'carol' } as Record<string, string>;
    for (let click = 0; click < 20; click++) {
      const posts = d.messages(thread).filter((m) => m.authorId === d.botUser.id);
      const live = posts.filter((m) => liveButtons(m).length > 0);
      expect(live, `click ${click}`).toHaveLength(1);
      const message = live[0] as LocalMessage;
      const line = message.content.split('\n').find((l) => /it is your move/.test(l)) ?? '';
      const who = byId[/<@(\d+)>/.exec(line)?.[1] ?? ''];
      if (!who) throw new Error(`nobody awaited in ${message.content}`);
      const button = liveButtons(message).find((b) => b.label !== 'My secrets');
      expect(String(button?.label ?? '')).not.toMatch(/[{}[\]"]|comanauts\./);
      const r = await d.click(who, message.id, String(button?.custom_id));
      expect(r.ephemeral, `${String(button?.label)}: ${r.reply?.content ?? ''}`).toBe(false);
      await stack.settle();
    }
  }, 180_000);
});
