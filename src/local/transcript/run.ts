import { isDeepStrictEqual } from 'node:util';
import type { LocalDiscord } from '../discord/server.ts';
import { ChannelKind, type ApiObject, type LocalEvent, type LocalMessage } from '../discord/types.ts';
import { mentionedUserIds } from '../discord/world.ts';
import { expandTimes, type Expectation, type Step, type TextPattern } from './parse.ts';

/** What the runner needs from the stack around the local Discord. */
export interface TranscriptHooks {
  readonly discord: LocalDiscord;
  /** The game in `threadId` as JSON: the public view, or the private view of `userId` (a Discord user id). */
  state(threadId: string, userId?: string): Promise<unknown>;
  /** Moves the scheduler's clock and fires what is due. */
  advance(ms: number): Promise<void>;
  /** Waits until the bot delivered everything outstanding (outbox drained). */
  settle(): Promise<void>;
  /** The stack's clock in ms, for `{now+3d}` in commands; without it such a command fails its step. */
  now?(): number;
  /**
   * For a stack that stands in for pictures (`src/local/pictures.ts`): told before each action whether a
   * `? image` line follows it (before the next action), so that action's pictures are drawn for real.
   */
  drawPictures?(on: boolean): void;
  /** Whether an attachment's bytes are such a stand-in: `? image` never passes on one. */
  standsIn?(data: Buffer): boolean;
}

/** One message the bot sent or edited, as printed by `--json` (one line each). */
export interface BotOutput {
  readonly step: number;
  readonly line: number;
  readonly kind: 'public' | 'ephemeral' | 'dm' | 'edit';
  readonly guild: string | null;
  readonly channel: string | null;
  readonly thread: string | null;
  /** The user an ephemeral or DM is for. */
  readonly to: string | null;
  readonly content: string;
  readonly embeds: ApiObject[];
  readonly buttons: string[];
  readonly selects: { placeholder: string; options: string[] }[];
  readonly attachments: { name: string; contentType: string; bytes: number }[];
  readonly mentions: string[];
}

export interface TranscriptFailure {
  readonly file: string;
  readonly line: number;
  readonly expected: string;
  readonly actual: string;
}

export interface TranscriptResult {
  readonly ok: boolean;
  readonly failures: TranscriptFailure[];
  readonly outputs: BotOutput[];
}

const LOADING = 128;

/** Walks Discord components (action rows, containers, sections) and returns the interactive ones. */
export function interactiveComponents(components: readonly ApiObject[]): ApiObject[] {
  const out: ApiObject[] = [];
  const walk = (items: unknown) => {
    if (!Array.isArray(items)) return;
    for (const item of items as ApiObject[]) {
      if (typeof item.custom_id === 'string') out.push(item);
      walk(item.components);
      if (item.accessory) walk([item.accessory]);
    }
  };
  walk(components);
  return out;
}

/** The text a person reads in a message: its content and the visible parts of its embeds. */
export function readableText(message: Pick<LocalMessage, 'content' | 'embeds' | 'components'>): string {
  const parts = [message.content];
  for (const e of message.embeds) {
    const fields = Array.isArray(e.fields) ? (e.fields as ApiObject[]) : [];
    parts.push(
      String((e.author as ApiObject | undefined)?.name ?? ''),
      String(e.title ?? ''),
      String(e.description ?? ''),
      ...fields.flatMap((f) => [String(f.name ?? ''), String(f.value ?? '')]),
      String((e.footer as ApiObject | undefined)?.text ?? ''),
    );
  }
  const texts: string[] = [];
  const walk = (items: unknown) => {
    if (!Array.isArray(items)) return;
    for (const item of items as ApiObject[]) {
      if (item.type === 10 && typeof item.content === 'string') texts.push(item.content);
      walk(item.components);
    }
  };
  walk(message.components);
  return [...parts, ...texts].filter((p) => p !== '').join('\n');
}

const matches = (pattern: TextPattern, text: string) => ('regex' in pattern ? pattern.regex.test(text) : text.includes(pattern.substring));
const showPattern = (pattern: TextPattern) => ('regex' in pattern ? String(pattern.regex) : JSON.stringify(pattern.substring));
const isPng = (a: LocalMessage['attachments'][number]) => a.contentType === 'image/png' || a.filename.toLowerCase().endsWith('.png');
const short = (text: string) => (text.length > 300 ? text.slice(0, 300) + '…' : text);

/**
 * Plays a parsed transcript against a running local Discord and its bot, checking each `?` line.
 * "Newest" checks look at what the bot posted or edited since the last action (falling back to the
 * newest such message when nothing new arrived), so a turn that posts several messages still matches.
 */
export async function runTranscript(steps: readonly Step[], hooks: TranscriptHooks): Promise<TranscriptResult> {
  const { discord } = hooks;
  const world = discord.world;
  const failures: TranscriptFailure[] = [];
  const outputs: BotOutput[] = [];
  let channelId = discord.channelId;
  let threadId: string | null = null;
  let marker = world.seq;
  let lastState: { value: unknown; line: number } | null = null;
  let current: { index: number; line: number } = { index: 0, line: 0 };
  const announced = new Set<string>();

  const nameOf = (userId: string | null) => (userId ? (world.users.get(userId)?.name ?? userId) : null);
  const record = (event: LocalEvent) => {
    if (event.type !== 'messageCreate' && event.type !== 'messageUpdate') return;
    const m = event.message;
    if (m.authorId !== world.bot.id || (m.flags & LOADING) !== 0) return;
    const channel = world.channels.get(m.channelId);
    const isThread = channel?.parentId != null;
    const parent = isThread ? world.channels.get(channel?.parentId ?? '') : channel;
    const isDm = channel?.type === ChannelKind.dm;
    const first = !announced.has(m.id);
    announced.add(m.id);
    const components = interactiveComponents(m.components);
    outputs.push({
      step: current.index,
      line: current.line,
      kind: !first ? 'edit' : isDm ? 'dm' : m.ephemeralFor ? 'ephemeral' : 'public',
      guild: m.guildId ? (world.guilds.get(m.guildId)?.name ?? m.guildId) : null,
      channel: isDm ? null : (parent?.name ?? null),
      thread: isThread ? (channel?.name ?? null) : null,
      to: isDm ? nameOf(channel?.recipientId ?? null) : nameOf(m.ephemeralFor),
      content: m.content,
      embeds: structuredClone(m.embeds),
      buttons: components.filter((c) => c.type === 2).map((c) => String(c.label ?? c.custom_id)),
      selects: components
        .filter((c) => c.type === 3)
        .map((c) => ({ placeholder: String(c.placeholder ?? ''), options: ((c.options ?? []) as ApiObject[]).map((o) => String(o.label)) })),
      attachments: m.attachments.map((a) => ({ name: a.filename, contentType: a.contentType, bytes: a.size })),
      mentions: mentionedUserIds(m.content).map((id) => nameOf(id) ?? id),
    });
  };
  const unsubscribe = discord.onEvent(record);

  const here = () => threadId ?? channelId;
  const botMessages = (channel: string, filter: (m: LocalMessage) => boolean) =>
    [...world.messages.values()].filter((m) => m.channelId === channel && m.authorId === world.bot.id && !m.deleted && (m.flags & LOADING) === 0 && filter(m));
  const recentOrNewest = (list: LocalMessage[]) => {
    const recent = list.filter((m) => m.editSeq > marker);
    const newest = list.at(-1);
    return recent.length > 0 ? recent : newest ? [newest] : [];
  };
  const dmChannelId = (user: string) => world.findDmChannel(discord.user(user).id)?.id;

  const check = (expect: Expectation): { expected: string; actual: string } | null => {
    switch (expect.what) {
      case 'public':
      case 'ephemeral':
      case 'dm': {
        const userId = expect.what === 'public' ? null : discord.user(expect.user).id;
        const channel = expect.what === 'dm' ? dmChannelId(expect.user) : here();
        const list = channel ? botMessages(channel, (m) => (expect.what === 'ephemeral' ? m.ephemeralFor === userId : m.ephemeralFor === null)) : [];
        const candidates = recentOrNewest(list);
        if (candidates.some((m) => matches(expect.pattern, readableText(m)))) return null;
        const who = expect.what === 'public' ? 'public message here' : `${expect.what} for @${expect.user}`;
        return {
          expected: `a ${who} matching ${showPattern(expect.pattern)}`,
          actual: candidates.length === 0 ? `no ${who}` : candidates.map((m) => JSON.stringify(short(readableText(m)))).join(' | '),
        };
      }
      case 'image': {
        const candidates = recentOrNewest(botMessages(here(), (m) => m.ephemeralFor === null));
        if (candidates.some((m) => m.attachments.some((a) => isPng(a) && !hooks.standsIn?.(a.bytes)))) return null;
        return {
          expected: 'a public message with a PNG attachment',
          actual: candidates.length === 0 ? 'no public message here' : candidates.map((m) => `${JSON.stringify(short(m.content))} with [${m.attachments.map((a) => a.filename).join(', ')}]`).join(' | '),
        };
      }
      case 'archived': {
        const channel = world.channels.get(here());
        if (channel && channel.archived === expect.archived) return null;
        const word = (archived: boolean) => (archived ? 'archived' : 'not archived');
        return { expected: `this thread ${word(expect.archived)}`, actual: channel ? word(channel.archived) : 'no channel here' };
      }
      case 'none': {
        const userId = expect.of === 'public' ? null : discord.user(expect.user).id;
        const channel = expect.of === 'dm' ? dmChannelId(expect.user) : here();
        const fresh = channel ? botMessages(channel, (m) => m.seq > marker && (expect.of === 'ephemeral' ? m.ephemeralFor === userId : m.ephemeralFor === null)) : [];
        if (fresh.length === 0) return null;
        const who = expect.of === 'public' ? 'public message here' : `${expect.of} for @${expect.user}`;
        return { expected: `no new ${who}`, actual: fresh.map((m) => JSON.stringify(short(readableText(m)))).join(' | ') };
      }
      case 'state': {
        if (!lastState) return { expected: `${expect.pathText} ${expect.op} …`, actual: 'no !state taken before this line' };
        let value: unknown = lastState.value;
        for (const segment of expect.path) {
          value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[segment] : undefined;
        }
        const shown = value === undefined ? 'undefined' : JSON.stringify(value);
        const wanted = expect.op === '~' ? showPattern(expect.value as TextPattern) : JSON.stringify(expect.value);
        let pass: boolean;
        switch (expect.op) {
          case '==':
            pass = isDeepStrictEqual(value, expect.value);
            break;
          case '!=':
            pass = !isDeepStrictEqual(value, expect.value);
            break;
          case '~':
            pass = matches(expect.value as TextPattern, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
            break;
          default:
            pass = compareOrdered(value, expect.value, expect.op);
        }
        return pass ? null : { expected: `${expect.pathText} ${expect.op} ${wanted}`, actual: `${expect.pathText} is ${shown}` };
      }
    }
  };

  /** The newest enabled component the user can see here, else in their DMs with the bot (private choices). */
  const findComponent = (user: string, want: (c: ApiObject) => boolean): { message: LocalMessage; component: ApiObject } | null => {
    const dm = dmChannelId(user);
    for (const channel of [here(), ...(dm ? [dm] : [])]) {
      const visible = discord.messages(channel, { forUser: user }).filter((m) => m.authorId === world.bot.id);
      for (const message of visible.reverse()) {
        const component = interactiveComponents(message.components).find((c) => c.disabled !== true && want(c));
        if (component) return { message, component };
      }
    }
    return null;
  };

  const fail = (step: Step, expected: string, actual: string) => failures.push({ file: step.file, line: step.line, expected, actual });
  const action = async (step: Step, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      fail(step, `${step.source} to be answered`, error instanceof Error ? error.message : String(error));
    }
    await hooks.settle();
  };

  const acts = (step: Step) => step.kind === 'slash' || step.kind === 'click' || step.kind === 'select' || step.kind === 'advance';
  /** Whether a `? image` line looks at what the action at `i` posts (it comes before the next action). */
  const imageAfter = (i: number) => {
    for (const later of steps.slice(i + 1)) {
      if (acts(later)) return false;
      if (later.kind === 'expect' && later.expect.what === 'image') return true;
    }
    return false;
  };

  try {
    for (const [i, step] of steps.entries()) {
      current = { index: i + 1, line: step.line };
      if (acts(step)) hooks.drawPictures?.(imageAfter(i));
      if (step.kind === 'expect') {
        let problem: { expected: string; actual: string } | null;
        try {
          problem = check(step.expect);
        } catch (error) {
          problem = { expected: step.source, actual: error instanceof Error ? error.message : String(error) };
        }
        if (problem) fail(step, problem.expected, problem.actual);
        continue;
      }
      if (step.kind !== 'state') marker = world.seq;
      switch (step.kind) {
        case 'slash': {
          const threadsBefore = new Set(discord.threads(channelId).map((t) => t.id));
          await action(step, () => {
            if (!hooks.now && step.command.includes('{now')) throw new Error('{now…} needs the stack clock (TranscriptHooks.now)');
            return discord.slash(step.user, here(), hooks.now ? expandTimes(step.command, hooks.now()) : step.command);
          });
          if (/^\/game\s+new\b/.test(step.command)) {
            const created = discord.threads(channelId).filter((t) => !threadsBefore.has(t.id));
            if (created.length > 0) threadId = created.at(-1)?.id ?? threadId;
          }
          break;
        }
        case 'click': {
          const target = findComponent(step.user, (c) => c.type === 2 && c.label === step.label);
          if (!target) {
            fail(step, `a button "${step.label}" that @${step.user} can see here`, describeButtons(discord, here(), step.user));
            break;
          }
          await action(step, () => discord.click(step.user, target.message.id, String(target.component.custom_id)));
          break;
        }
        case 'select': {
          const target = findComponent(step.user, (c) => c.type === 3 && (c.placeholder === step.menu || c.custom_id === step.menu));
          if (!target) {
            fail(step, `a select menu "${step.menu}" that @${step.user} can see here`, describeButtons(discord, here(), step.user));
            break;
          }
          const options = (target.component.options ?? []) as ApiObject[];
          const values = step.options.map((label) => options.find((o) => o.label === label || o.value === label)?.value);
          const missing = step.options.filter((_, k) => values[k] === undefined);
          if (missing.length > 0) {
            fail(step, `options ${missing.map((m) => JSON.stringify(m)).join(', ')} in "${step.menu}"`, `options are ${options.map((o) => JSON.stringify(o.label)).join(', ')}`);
            break;
          }
          await action(step, () => discord.select(step.user, target.message.id, String(target.component.custom_id), values.map(String)));
          break;
        }
        case 'thread': {
          const threads = discord.threads(channelId);
          const found = step.target === 'latest' ? threads.at(-1) : threads.filter((t) => t.name === (step.target as { name: string }).name).at(-1);
          if (found) threadId = found.id;
          else fail(step, step.target === 'latest' ? 'a thread under this channel' : `a thread named "${step.target.name}"`, `threads: ${threads.map((t) => t.name).join(', ') || 'none'}`);
          break;
        }
        case 'channel': {
          const guildId = world.channels.get(channelId)?.guildId ?? discord.guildId;
          const found = world.findChannel(step.name, guildId);
          if (found && (found.type === ChannelKind.text || found.type === ChannelKind.forum)) {
            channelId = found.id;
            threadId = null;
          } else fail(step, `a text or forum channel #${step.name}`, 'no such channel');
          break;
        }
        case 'state':
          try {
            lastState = { value: await hooks.state(here(), step.user ? discord.user(step.user).id : undefined), line: step.line };
          } catch (error) {
            lastState = null;
            fail(step, 'the game state', error instanceof Error ? error.message : String(error));
          }
          break;
        case 'advance':
          await action(step, () => hooks.advance(step.ms));
          break;
        case 'dm':
          discord.refuseDms(step.user, !step.accept);
          break;
        case 'locale':
          discord.setLocale(step.user, step.locale);
          break;
        case 'bot':
          discord.setBotPermission(step.permission, step.allow, world.channels.get(channelId)?.guildId ?? discord.guildId);
          break;
        case 'forums':
          discord.setForums(step.allow, world.channels.get(channelId)?.guildId ?? discord.guildId);
          break;
      }
    }
  } finally {
    unsubscribe();
  }
  return { ok: failures.length === 0, failures, outputs };
}

function describeButtons(discord: LocalDiscord, channelId: string, user: string): string {
  const seen = discord
    .messages(channelId, { forUser: user })
    .flatMap((m) => interactiveComponents(m.components))
    .filter((c) => c.type === 2 || c.type === 3)
    .map((c) => (c.type === 2 ? `button "${String(c.label)}"${c.disabled ? ' (disabled)' : ''}` : `select "${String(c.placeholder ?? c.custom_id)}"`));
  return seen.length === 0 ? 'no buttons or menus here' : `here: ${[...new Set(seen)].slice(-12).join(', ')}`;
}

function compareOrdered(a: unknown, b: unknown, op: string): boolean {
  const both = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!both) return false;
  const x = a as number;
  const y = b as number;
  return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
}
