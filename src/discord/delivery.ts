import { DiscordAPIError, Routes, type Client, type Message, type SendableChannels } from 'discord.js';
import type { Deliver, DeliveryResult, GameStatusView, TurnView } from '../app/index.ts';
import type { ReminderRef, Schedule, TurnPayload } from '../app/schedule.ts';
import type { GameCommand, GameEvent, TextLine } from '../core/index.ts';
import { pickLanguage, hasText, t, type Language } from '../i18n/index.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { OutboxRow } from '../store/index.ts';
import { editAnswer, sendAnswer, type LookBack } from './answer.ts';
import type { Answer, ButtonSpec } from './command.ts';
import { decodeCustomId, encodeCustomId } from './custom-id.ts';
import { journalText, type JournalPayload } from './journal.ts';
import { choiceButtons, formatEvents, lineText, MAX_BUTTONS, moveButtons, promptButtons, promptQuestions, type Naming } from './present.ts';
import type { MessageRef, Services } from './services.ts';
import { turnRecap } from './turn-recap.ts';

/** A channel or thread the bot can post in (throws when it cannot). */
export async function sendable(client: Client, channelId: string): Promise<SendableChannels> {
  const channel = await client.channels.fetch(channelId);
  if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
  return channel;
}

interface PostPayload {
  readonly gameId: string;
  readonly gameType: string;
  readonly seq: number;
  readonly locale?: string;
  readonly events?: readonly GameEvent[];
  readonly image?: boolean;
  /** The events are told here because no interaction reply showed them (a timeout action). */
  readonly announce?: boolean;
  readonly kind?: string;
  readonly seats?: readonly { seat: number; userId: string; userName: string }[];
  /** `turn` rows: who was awaited before (not pinged again when the same players keep the turn, as in solo). */
  readonly previous?: readonly string[];
  /** `turn` and `prompt` rows: what was just played, told in one line. */
  readonly played?: TextLine & { readonly seat: number | null };
  /** `prompt` rows: the game ended, so the live turn message is retired. */
  readonly ended?: boolean;
  /** `dm` rows: the seat's legal commands are offered as buttons in the DM (GameModule.privately). */
  readonly choices?: boolean;
}

/** A message as this process wrote it (Discord's API shape), and the outbox row that wrote it. */
interface Written {
  readonly content: string;
  readonly components: unknown[];
  readonly rowId: string;
}

/** A live turn message: where it is, the turn row that posted it and, when this process wrote it last, its text. */
interface LiveTurn extends MessageRef {
  readonly rowId: string;
  readonly written?: Written;
}

function writtenOf(message: Message, row: OutboxRow): Written {
  return { content: message.content, components: message.components.map((c) => c.toJSON()), rowId: row.id };
}

/** Moves named in the turn message's "You can" line; the buttons show the rest. */
const LISTED_MOVES = 6;

/** A new turn message ready to post: the game it was drawn from, its parts, the line that retires the previous one. */
interface TurnDraft {
  readonly view: GameStatusView;
  readonly parts: TurnParts;
  readonly line: string | null;
}

/** The turn message's text and buttons as the game stands. */
interface TurnParts {
  readonly content: string;
  readonly buttons: ButtonSpec[];
}

/** A message's components with every button disabled (Discord's API shape, rows of components). */
/** Whether a message's component rows hold a button that can still be pressed. */
function hasLiveButton(rows: unknown): boolean {
  return Array.isArray(rows) && rows.some((row: { components?: { disabled?: boolean }[] }) => (row.components ?? []).some((c) => c.disabled !== true));
}

function disabledComponents(rows: unknown): unknown[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: { components?: unknown[] }) => ({ ...row, components: (row.components ?? []).map((c) => ({ ...(c as object), disabled: true })) }));
}

/**
 * Sends one outbox row through Discord, with the row's idempotency key as the message nonce
 * (`enforce_nonce`), so a resend after a crash between Discord's answer and `markSent` is dropped by
 * Discord instead of posted twice. The interaction's reply already told what happened, so a
 * table refresh is the picture of the public view (skipped when the game has moved past it: the newer
 * refresh follows), with the events in front only when no reply showed them; notices are posted as text. A DM that
 * Discord refuses (50007) is reported as not retryable, so the dispatcher posts the `/secrets` notice.
 */
export function createDelivery(client: Client, services: Services, logger: Logger, metrics?: Metrics, schedule?: Schedule): Deliver {
  const { app, catalog } = services;

  /** A row on its second attempt or later may have been posted already (its answer lost): look before posting. */
  function lookBack(row: OutboxRow): LookBack | undefined {
    return row.attempts > 1 && client.user ? { authorId: client.user.id, since: row.createdAt } : undefined;
  }

  async function removeMessage(ref: ReminderRef): Promise<void> {
    try {
      await client.rest.delete(Routes.channelMessage(ref.channelId, ref.messageId));
    } catch (error) {
      if (!(error instanceof DiscordAPIError) || error.status !== 404) logger.warn({ err: error, ref }, 'reminder removal failed');
    }
  }

  /** Issue 5: a reminder replaces the previous one of the same wait (removed first), with a mute button. */
  async function reminder(row: OutboxRow): Promise<{ ok: true; ref?: string } | null> {
    const p = row.payload as unknown as { gameId: string; gameType: string; turnSeq: number; seat: number; userId: string; channel: 'dm' | 'mention'; hours: number; locale?: string };
    if (!schedule || !(await schedule.isWaiting(p.gameId, p.seat, p.turnSeq))) return null;
    const lang = pickLanguage(p.locale);
    const game = t(lang, `commands.games.${p.gameType}`);
    const content = p.channel === 'dm' ? t(lang, 'schedule.reminder.dm', { game, hours: p.hours }) : t(lang, 'schedule.reminder.mention', { mention: `<@${p.userId}>`, game, hours: p.hours });
    const answer: Answer = {
      visibility: 'public',
      content,
      mentions: p.channel === 'mention' ? [p.userId] : [],
      buttons: [{ label: t(lang, 'schedule.mute.button'), customId: encodeCustomId({ kind: 'mute', gameId: p.gameId, seq: p.turnSeq, a: p.seat }), style: 'secondary' }],
    };
    const previous = await schedule.lastReminder(p.gameId, p.seat);
    if (previous) await removeMessage(previous);
    const target = row.target as { channelId?: string; userId?: string };
    const channel = target.userId ? await (await client.users.fetch(target.userId)).createDM() : await sendable(client, target.channelId ?? '');
    const [message] = (await sendAnswer(channel, answer, row.idempotencyKey, lookBack(row))).slice(-1);
    if (!message) return null;
    await schedule.recordReminder(p.gameId, p.seat, { channelId: message.channelId, messageId: message.id });
    return { ok: true, ref: message.id };
  }

  /** Notices of the scheduler (stalled game, deadline outcomes, dormancy, seat replaced): one line of text. */
  function notice(row: OutboxRow): Answer {
    if (row.kind === 'narration') {
      const n = row.payload as unknown as { content: string; mentions?: string[] };
      return { visibility: 'public', content: n.content, mentions: n.mentions ?? [] };
    }
    const p = row.payload as unknown as { gameType: string; locale?: string; code: string; params?: Record<string, unknown> };
    const lang = pickLanguage(p.locale);
    const params: Record<string, unknown> = { ...(p.params ?? {}), game: t(lang, `commands.games.${p.gameType}`) };
    // A campaign's closing post names how it ended by a text code of its own (`endingCode`), said first.
    const said = typeof params.endingCode === 'string' ? { ...params, ending: t(lang, params.endingCode, params) } : params;
    return { visibility: 'public', content: t(lang, p.code, said) };
  }

  /**
   * The turn message of each game this process posted last, with its outbox row: the outbox's `sentRef`
   * is the record (across restarts and processes), but a pass marks its rows sent only at its end. With
   * it, the message as this process last wrote it and the row that wrote it, so retiring it needs no read.
   */
  const liveTurns = new Map<string, LiveTurn>();

  /**
   * The private choice DMs this process sent whose buttons are still enabled, by game and user, with the
   * seq they were drawn at and their outbox row: once the game moves past it their buttons are disabled
   * (as a passed turn message's), so a player never presses a choice that has passed. The outbox is the
   * record across restarts and processes (`liveChoicesBefore`: rows not yet marked retired); this map
   * holds what this process sent in a pass whose rows are not recorded sent yet.
   */
  const liveChoices = new Map<string, MessageRef & { readonly gameId: string; readonly seq: number; readonly rowId: string; readonly userId: string; readonly seat: number | null }>();

  /**
   * Disables the choice DMs of a game that `row` makes passed: those drawn before `seq` (the game moved
   * on), or with `to` every earlier one to that user for that seat (a newer one replaces it). Marked
   * retired in the outbox, so no process edits them again.
   */
  async function retireChoices(row: OutboxRow, gameId: string, seq: number, to?: { readonly userId: string; readonly seat: number | null }): Promise<void> {
    const passed = (drawnAt: number, userId: string, seat: number | null): boolean => (to === undefined ? drawnAt < seq : userId === to.userId && seat === to.seat);
    const done = new Set<string>();
    const rows: string[] = [];
    for (const [key, ref] of [...liveChoices]) {
      if (ref.gameId !== gameId || !passed(ref.seq, ref.userId, ref.seat)) continue;
      liveChoices.delete(key);
      done.add(ref.messageId);
      rows.push(ref.rowId);
      await retire(ref, null, true);
    }
    for (const recorded of await app.liveChoicesBefore(gameId, row.id, to?.userId)) {
      if (!passed(recorded.seq, recorded.userId, recorded.seat) || rows.includes(recorded.rowId)) continue;
      rows.push(recorded.rowId);
      if (done.has(recorded.messageId)) continue;
      try {
        const channel = await (await client.users.fetch(recorded.userId)).createDM();
        await retire({ channelId: channel.id, messageId: recorded.messageId }, null, true);
      } catch (error) {
        logger.warn({ err: error, row: recorded.rowId }, 'choice message not retired');
      }
    }
    await app.choicesRetired(rows);
  }

  async function rememberChoices(row: OutboxRow, answer: Answer, message: MessageRef): Promise<void> {
    const first = answer.buttons?.[0];
    const id = first ? decodeCustomId(first.customId) : null;
    const target = row.target as { userId?: string; seat?: number } | null;
    if (!id || !target?.userId || id.kind !== 'legal') return;
    const to = { userId: target.userId, seat: target.seat ?? null };
    await retireChoices(row, id.gameId, id.seq, to);
    liveChoices.set(`${id.gameId}:${to.userId}:${String(to.seat)}`, { ...message, gameId: id.gameId, seq: id.seq, rowId: row.id, ...to });
    if (liveChoices.size > 10_000) liveChoices.delete(liveChoices.keys().next().value as string);
  }

  /**
   * The newest turn message posted before `row`: this process's own, or the outbox's record if newer.
   * This process's own comes with its text as written, unless the outbox records a later edit by another
   * process (a `prompt` row it delivered): then it is read back before it is retired.
   */
  async function liveTurn(gameId: string, row: OutboxRow): Promise<LiveTurn | null> {
    const mine = liveTurns.get(gameId);
    const recorded = await app.turnMessageBefore(gameId, row.id);
    const own = mine && BigInt(mine.rowId) < BigInt(row.id) ? mine : null;
    if (!own) return recorded;
    if (recorded && BigInt(recorded.rowId) > BigInt(own.rowId)) return recorded;
    const editedElsewhere = recorded?.messageId === own.messageId && recorded.editedRowId !== null && (!own.written || BigInt(recorded.editedRowId) > BigInt(own.written.rowId));
    return editedElsewhere ? { channelId: own.channelId, messageId: own.messageId, rowId: own.rowId } : own;
  }

  async function naming(view: GameStatusView): Promise<Naming> {
    return { seatNames: view.seats.map((s) => s.userName), packText: await catalog.packText(view) };
  }

  /** "Alice: Explore 104 · The Jetty." — what was just played, or null when the game has no words for it. */
  async function playedText(lang: Language, played: PostPayload['played'], view: GameStatusView): Promise<string | null> {
    if (!played || !hasText(played.code)) return null;
    const move = lineText(lang, played, await naming(view));
    const player = played.seat === null ? null : view.seats.find((s) => s.seat === played.seat)?.userName;
    return player ? t(lang, 'commands.replies.turn.played', { player, move }) : move;
  }

  /**
   * Whose turn, what just happened, and "You can: …" with buttons for the prompts and the awaited seat's
   * most common moves, drawn at the game's current seq; the options line is always last (retiring drops it).
   */
  async function turnParts(turn: TurnView, lang: Language, played: PostPayload['played']): Promise<TurnParts> {
    const { view, prompts, legal } = turn;
    const awaited = view.awaiting?.seats ?? [];
    const lines: string[] = [];
    const only = awaited.length === 1 ? awaited[0] : undefined;
    // The prompts and legal commands came with the game's one read; the pack's names and the recap are asked at once.
    const [names, story] = await Promise.all([
      naming(view),
      // Back after others moved: what happened since this player's last move, else the move just played.
      only ? app.recap(view.gameId, only.userId) : null,
    ]);
    const recap = story?.ok ? turnRecap(story.value, only!.seat, lang, names.packText) : null;
    const happened = recap ?? (await playedText(lang, played, view));
    if (happened) lines.push(happened);
    lines.push(t(lang, 'commands.replies.yourTurn', { mention: awaited.map((s) => `<@${s.userId}>`).join(', ') }));
    if (prompts) lines.push(...promptQuestions(prompts.prompts, lang, names));
    const room = MAX_BUTTONS - 1;
    const drawn = prompts ? promptButtons(view.gameId, prompts.seq, prompts.prompts, lang, names.seatNames, names.packText, room) : { buttons: [], note: null };
    const buttons = [...drawn.buttons];
    let total = prompts ? prompts.prompts.reduce((n, p) => n + p.options.length, 0) : 0;
    if (legal) {
      const skip: GameCommand[] = prompts ? prompts.prompts.flatMap((p) => p.options.map((o) => o.command)) : [];
      buttons.push(...moveButtons(lang, view.gameType, view.gameId, legal, names, skip, room - buttons.length));
      total = Math.max(total, legal.commands.length);
    }
    const offered = buttons.slice(0, LISTED_MOVES).map((b) => b.label);
    if (buttons.length > LISTED_MOVES) offered.push('…');
    const options = offered.length > 0 ? t(lang, 'commands.replies.turn.youCan', { moves: offered.join(' · '), count: total }) : t(lang, 'commands.replies.turn.usePlay', { count: total });
    lines.push(drawn.note ? `${options} ${drawn.note}` : options);
    buttons.push({ label: t(lang, 'commands.replies.button.secrets'), customId: encodeCustomId({ kind: 'secrets', gameId: view.gameId, seq: view.seq }) });
    return { content: lines.join('\n'), buttons };
  }

  /**
   * A passed turn message keeps its text but not its options: its buttons are disabled and the move that
   * ended it is added. `onlyLive`: left alone when none of its buttons is enabled (retired already). The
   * text is the one this process wrote when it has it (`written`), else read back (one request more).
   */
  async function retire(ref: MessageRef & { readonly written?: Written }, line: string | null, onlyLive = false): Promise<void> {
    try {
      const old = ref.written ?? ((await client.rest.get(Routes.channelMessage(ref.channelId, ref.messageId))) as { content?: string; components?: unknown });
      if (onlyLive && !hasLiveButton(old.components)) return;
      const kept = (old.content ?? '').split('\n');
      if (kept.length > 1) kept.pop();
      const content = line ? [...kept, `✓ ${line}`].join('\n') : kept.join('\n');
      await client.rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), {
        body: { content, components: disabledComponents(old.components), allowed_mentions: { parse: [], users: [], replied_user: false } },
      });
    } catch (error) {
      if (!(error instanceof DiscordAPIError) || error.status !== 404) logger.warn({ err: error, ref }, 'turn message not retired');
    }
  }

  /**
   * `turn` rows: a new turn message (the one post that pings, and only players newly awaited), after
   * which the previous one is retired. `prompt` rows: the live turn message is drawn again for the new
   * seq (an edit, which pings nobody), or retired when the game ended. Returns the message posted, if any.
   */
  /** A new turn message drawn as the game stands (null when the game no longer waits on anyone). */
  async function turnDraft(row: OutboxRow): Promise<TurnDraft | null> {
    const payload = row.payload as unknown as PostPayload;
    const lang = pickLanguage(payload.locale);
    const turn = await app.turnView(payload.gameId);
    if (!turn.ok || turn.value.view.status !== 'playing' || !turn.value.view.awaiting) return null;
    const view = turn.value.view;
    const [parts, line] = await Promise.all([turnParts(turn.value, lang, payload.played), playedText(lang, payload.played, view)]);
    return { view, parts, line };
  }

  async function promptRow(row: OutboxRow): Promise<{ ok: true; ref?: string }> {
    const payload = row.payload as unknown as PostPayload;
    const lang = pickLanguage(payload.locale);
    const turn = await app.turnView(payload.gameId);
    if (!turn.ok) return { ok: true };
    const view = turn.value.view;
    const live = await liveTurn(payload.gameId, row);
    await retireChoices(row, payload.gameId, view.seq);
    if (!live || view.seq !== payload.seq) return { ok: true };
    if (payload.ended || view.status !== 'playing') {
      liveTurns.delete(payload.gameId);
      await retire(live, await playedText(lang, payload.played, view));
      return { ok: true };
    }
    const parts = await turnParts(turn.value, lang, payload.played);
    const edited = await editAnswer(await sendable(client, live.channelId), live.messageId, { visibility: 'public', content: parts.content, buttons: parts.buttons });
    const mine = liveTurns.get(payload.gameId);
    if (edited && (!mine || mine.messageId === live.messageId)) liveTurns.set(payload.gameId, { channelId: live.channelId, messageId: live.messageId, rowId: live.rowId, written: writtenOf(edited, row) });
    return { ok: true, ref: live.messageId };
  }

  /**
   * The new turn message (drawn ahead when `prepared`), then the previous one retired: off the ping's path.
   * With `prepared` the retiring is left in `settled` for the dispatcher to await before it records the row.
   */
  async function turnRow(row: OutboxRow, prepared?: Promise<TurnDraft | null>): Promise<{ ok: true; ref?: string; settled?: Promise<unknown> }> {
    const payload = row.payload as unknown as PostPayload;
    const live = liveTurn(payload.gameId, row);
    live.catch(() => undefined);
    const draft = await (prepared ?? turnDraft(row));
    if (!draft?.view.awaiting) return { ok: true };
    const awaitedNow = new Set(draft.view.awaiting.seats.map((s) => s.userId));
    const mentions = (payload.seats ?? []).map((s) => s.userId).filter((id) => awaitedNow.has(id) && !(payload.previous ?? []).includes(id));
    const target = row.target as { channelId?: string };
    const message = (await sendAnswer(await sendable(client, target.channelId ?? ''), { visibility: 'public', content: draft.parts.content, buttons: draft.parts.buttons, mentions }, row.idempotencyKey, lookBack(row))).at(-1);
    if (!message) return { ok: true };
    liveTurns.set(payload.gameId, { channelId: message.channelId, messageId: message.id, rowId: row.id, written: writtenOf(message, row) });
    if (liveTurns.size > 10_000) liveTurns.delete(liveTurns.keys().next().value as string);
    const retiring = Promise.all([live.then((previous) => (previous && previous.messageId !== message.id ? retire(previous, draft.line) : undefined)), retireChoices(row, payload.gameId, draft.view.seq)]);
    if (!prepared) await retiring;
    return { ok: true, ref: message.id, ...(prepared ? { settled: retiring } : {}) };
  }

  /**
   * A DM: the seat's events, and what the game owes it privately (GameModule.privately): its own view
   * drawn, and its legal commands as buttons while it is still awaited. Nothing when all is empty.
   */
  async function privateMessage(row: OutboxRow, payload: PostPayload, view: GameStatusView, lang: Language): Promise<Answer | null> {
    const names = await naming(view);
    const target = row.target as { userId?: string; seat?: number };
    const userId = target.userId ?? '';
    // Addressed to a seat: its holder gets it; a seat that changed hands since tells its old holder nothing.
    const held = view.seats.filter((s) => s.userId === userId);
    const seat = target.seat === undefined ? held[0] : held.find((s) => s.seat === target.seat);
    if (!seat) return null;
    const lines: string[] = held.length > 1 ? [`**${t(lang, 'commands.replies.seatLabel', { seat: seat.seat + 1, name: seat.userName })}**`] : [];
    const events = formatEvents(payload.events ?? [], lang, names.seatNames, names.packText);
    if (events) lines.push(events);
    const live = view.status === 'playing';
    let buttons: ButtonSpec[] = [];
    if (payload.choices && live && (view.awaiting?.seats ?? []).some((s) => s.seat === seat.seat)) {
      const legal = await app.legal(view.gameId, userId, seat.seat);
      if (legal.ok && legal.value.commands.length > 0) {
        const drawn = choiceButtons(lang, view.gameType, view.gameId, legal.value, names);
        buttons = drawn.buttons;
        lines.push(drawn.note ? `${t(lang, 'commands.replies.privateChoices')} ${drawn.note}` : t(lang, 'commands.replies.privateChoices'));
        if (legal.value.note) lines.push(lineText(lang, legal.value.note, names));
      }
    }
    let files: readonly { name: string; data: Buffer; description: string }[] = [];
    if (payload.image && live) {
      const own = await app.secrets(view.gameId, userId, seat.seat);
      if (own.ok) files = await services.seatPicture(view, own.value.view, lang, seat.seat);
      if (files.length > 0) lines.push(t(lang, 'commands.replies.privateTable', { seq: view.seq }));
    }
    if (lines.length === (held.length > 1 ? 1 : 0) && files.length === 0) return null;
    return { visibility: 'public', content: lines.join('\n'), ...(files.length > 0 ? { files } : {}), ...(buttons.length > 0 ? { buttons } : {}) };
  }

  async function build(row: OutboxRow): Promise<Answer | null> {
    const payload = row.payload as unknown as PostPayload;
    const lang = pickLanguage(payload.locale);
    const status = await app.status(payload.gameId);
    if (!status.ok) return null;
    const view = status.value;
    const names = view.seats.map((s) => s.userName);
    const users = view.seats.map((s) => s.userId);
    const packText = await catalog.packText(view);
    if (row.kind === 'dm') return privateMessage(row, payload, view, lang);
    if (row.kind === 'journal') {
      const content = journalText(lang, row.payload as unknown as JournalPayload, names, packText);
      return { visibility: 'public', content, files: await services.tablePicture(view, lang) };
    }
    const lines = payload.announce || !payload.image ? formatEvents(payload.events ?? [], lang, names, packText, users) : '';
    const files = payload.image && view.seq === payload.seq ? await services.tablePicture(view, lang) : [];
    if (files.length > 0) {
      const caption = t(lang, 'commands.replies.table', { seq: payload.seq });
      return { visibility: 'public', content: lines ? `${lines}\n${caption}` : caption, files };
    }
    return lines ? { visibility: 'public', content: lines } : null;
  }

  /**
   * The turn row. Drawn ahead (`prepared`, the dispatcher's pipeline): the scheduler's bookkeeping
   * (clocks, reminders, deadlines: tens of milliseconds of statements) runs beside the post, which pings
   * as soon as it can; it and the retiring of the previous message are left in `settled`, which the
   * dispatcher awaits before recording the row (and retries the row if it fails: the post is not doubled,
   * nonce and look-back; `onTurn` acts once per turn), without holding up the next post.
   * Otherwise the former order: the scheduler first, then the message.
   */
  async function turn(row: OutboxRow, prepared?: Promise<TurnDraft | null>): Promise<{ ok: true; ref?: string; settled?: Promise<unknown> }> {
    if (!schedule) return turnRow(row, prepared);
    if (!prepared) {
      for (const ref of await schedule.onTurn(row.payload as unknown as TurnPayload)) await removeMessage(ref);
      return turnRow(row);
    }
    const scheduled = schedule.onTurn(row.payload as unknown as TurnPayload);
    scheduled.catch(() => undefined);
    const done = await turnRow(row, prepared).catch(async (error: unknown) => {
      await scheduled.catch(() => undefined);
      throw error;
    });
    const settled = Promise.all([done.settled, scheduled.then(async (stale) => { for (const ref of stale) await removeMessage(ref); })]);
    settled.catch(() => undefined);
    return { ...done, settled };
  }

  const deliver = async (row: OutboxRow, prepared?: Promise<unknown>): Promise<DeliveryResult> => {
    try {
      if (row.kind === 'turn' || row.kind === 'prompt') {
        const done = row.kind === 'turn' ? await turn(row, prepared as Promise<TurnDraft | null> | undefined) : await promptRow(row);
        metrics?.deliveries.inc({ kind: row.kind, result: done.ref ? 'sent' : 'skipped' });
        return done;
      }
      if (row.kind === 'reminder') {
        const sent = await reminder(row);
        metrics?.deliveries.inc({ kind: row.kind, result: sent ? 'sent' : 'skipped' });
        return sent ?? { ok: true };
      }
      if (row.kind === 'archive') {
        // A dormant campaign's threads (and the wake-up): archived or unarchived, nothing posted.
        const target = row.target as { channelId?: string };
        const archived = (row.payload as { archived?: boolean }).archived !== false;
        await client.rest.patch(Routes.channel(target.channelId ?? ''), { body: { archived } });
        metrics?.deliveries.inc({ kind: row.kind, result: 'sent' });
        return { ok: true };
      }
      const answer = row.kind === 'notice' || row.kind === 'dormant' || row.kind === 'narration' ? notice(row) : await ((prepared as Promise<Answer | null> | undefined) ?? build(row));
      if (!answer) {
        metrics?.deliveries.inc({ kind: row.kind, result: 'skipped' });
        return { ok: true };
      }
      const target = row.target as { channelId?: string; userId?: string };
      const to = row.kind === 'dm' || target.userId ? await client.users.fetch(target.userId ?? '') : await sendable(client, target.channelId ?? '');
      const message = (await sendAnswer(to, answer, row.idempotencyKey, lookBack(row))).at(-1);
      if (!message) throw new Error(`outbox row ${String(row.id)} posted nothing`);
      if (row.kind === 'dm' && answer.buttons && answer.buttons.length > 0) await rememberChoices(row, answer, { channelId: message.channelId, messageId: message.id });
      if (row.kind === 'dormant' && target.channelId) {
        await client.rest.patch(Routes.channel(target.channelId), { body: { archived: true } }).catch((error: unknown) => logger.warn({ err: error }, 'archive failed'));
      }
      metrics?.deliveries.inc({ kind: row.kind, result: 'sent' });
      return { ok: true, ref: message.id };
    } catch (error) {
      metrics?.deliveries.inc({ kind: row.kind, result: 'failed' });
      if (error instanceof DiscordAPIError) {
        const retry = error.status >= 500 || error.status === 429;
        logger.warn({ err: error, row: String(row.id), code: error.code }, 'delivery refused');
        return { ok: false, retry, code: error.code, error: error.message };
      }
      throw error;
    }
  };
  /** Reads and drawing only, nothing posted or written: a turn message, or a picture / DM / journal post. */
  const prepare = (row: OutboxRow): Promise<unknown> | undefined => {
    const ahead = row.kind === 'turn' ? turnDraft(row) : row.kind === 'post' || row.kind === 'dm' || row.kind === 'journal' ? build(row) : undefined;
    ahead?.catch(() => undefined);
    return ahead;
  };
  return Object.assign(deliver, { prepare });
}
