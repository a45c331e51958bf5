import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Answer, CommandContext, CommandModule, CommandResult } from './command.ts';
import { completeDeferred, replyAnswer } from './answer.ts';
import { fitChoices } from './fit.ts';
import { decodeCustomId, type CustomId } from './custom-id.ts';
import { pickLanguage, t, type Language } from '../i18n/index.ts';
import type { Services } from './services.ts';
import { InProcessRateLimiter, type RateLimiter } from './rate-limit.ts';
import { displayName, normalizeOptions } from './text.ts';

/** Answer directly when the work is done by then; otherwise defer. Discord allows 3 s before the first response. */
const DIRECT_REPLY_MS = 1500;

/** Autocomplete asks once per keystroke, so it gets its own, larger budget. */
export const DEFAULT_AUTOCOMPLETE_PER_MINUTE = 120;

export interface RouterOptions {
  readonly commands: Map<string, CommandModule>;
  readonly services: Services;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  /** Commands and button presses per user and minute, for the in-process limiter when `limiter` is absent. */
  readonly rateLimitPerMinute: number;
  /** Autocomplete requests per user and minute, likewise. */
  readonly autocompletePerMinute?: number;
  /** Shared by every shard and process (Redis); the in-process window when absent. */
  readonly limiter?: RateLimiter;
  readonly defaultLocale: Language;
}

/** Turns Discord interactions into application calls, and every outcome into exactly one answer. */
export function createRouter(options: RouterOptions) {
  const { commands, services, logger, metrics } = options;
  const limiter = options.limiter ?? new InProcessRateLimiter({ command: options.rateLimitPerMinute, autocomplete: options.autocompletePerMinute ?? DEFAULT_AUTOCOMPLETE_PER_MINUTE });

  function languageOf(interaction: Interaction): Language {
    return pickLanguage(interaction.locale, interaction.guildLocale, options.defaultLocale);
  }

  function contextOf(interaction: ChatInputCommandInteraction | AutocompleteInteraction | ButtonInteraction) {
    const lang = languageOf(interaction);
    const channel = interaction.channel;
    const isThread = channel?.isThread() ?? false;
    return {
      lang,
      actor: { userId: interaction.user.id, userName: displayName(interaction.user, t(lang, 'core.player.unnamed')), locale: interaction.locale },
      place: {
        guildId: interaction.guildId ?? '',
        channelId: interaction.channelId ?? '',
        threadId: isThread ? interaction.channelId : null,
        parentId: isThread && channel && 'parentId' in channel ? (channel.parentId ?? null) : null,
      },
      services,
      t: (code: string, params?: Readonly<Record<string, unknown>>) => t(lang, code, params),
    };
  }

  function rejectionAnswer(lang: Language, code: string, params?: Readonly<Record<string, unknown>>): Answer {
    return { visibility: 'ephemeral', content: t(lang, code, params) };
  }

  async function toAnswer(lang: Language, result: CommandResult, place: CommandContext['place']): Promise<Answer> {
    if (result.ok) return result.value;
    return { visibility: 'ephemeral', content: await services.rejectionText(lang, result.error, place) };
  }

  function failureAnswer(lang: Language, error: unknown): Answer {
    const code = services.isUnavailable(error) ? 'core.unavailable' : 'core.internal';
    return rejectionAnswer(lang, code);
  }

  /**
   * Runs the work and answers once: directly if it finishes quickly (one request), otherwise after a
   * deferral. A deferral is public, so a late ephemeral answer replaces it with a private follow-up.
   */
  async function answerWith(
    interaction: ChatInputCommandInteraction | ButtonInteraction,
    lang: Language,
    work: Promise<CommandResult>,
    place: CommandContext['place'],
  ): Promise<void> {
    const name = interaction.isChatInputCommand() ? interaction.commandName : 'button';
    const guarded = work
      .then((r) => {
        metrics?.commands.inc({ command: name, outcome: r.ok ? 'accepted' : 'refused' });
        return toAnswer(lang, r, place);
      })
      .catch((error: unknown) => {
        metrics?.commands.inc({ command: name, outcome: 'failed' });
        logger.error({ err: error, interaction: interaction.id }, 'interaction failed');
        return failureAnswer(lang, error);
      });
    const timer = new Promise<null>((resolve) => setTimeout(resolve, DIRECT_REPLY_MS, null).unref?.());
    const quick = await Promise.race([guarded, timer]);
    if (quick) {
      await replyAnswer(interaction, quick).catch((error: unknown) => narrate(interaction, quick, error));
      return;
    }
    const deferred = await interaction.deferReply().then(() => true, (error: unknown) => error);
    const answer = await guarded;
    if (deferred !== true) return narrate(interaction, answer, deferred);
    await completeDeferred(interaction, answer).catch((error: unknown) => narrate(interaction, answer, error));
  }

  /**
   * The reply could not be delivered (the interaction expired, Discord failed): a public answer is the
   * table's narration of what was done, so it goes to the channel through the outbox; a private one is
   * lost with its interaction (the player can ask again).
   */
  async function narrate(interaction: ChatInputCommandInteraction | ButtonInteraction, answer: Answer, error: unknown): Promise<void> {
    if (answer.visibility !== 'public' || !interaction.channelId) throw error;
    logger.warn({ err: error, interaction: interaction.id }, 'interaction reply lost; narration queued');
    await services.app.queueNarration(interaction.channelId, answer.content, answer.mentions ?? []);
  }

  async function onCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const ctx = contextOf(interaction);
    const command = commands.get(interaction.commandName);
    if (!command) {
      await replyAnswer(interaction, rejectionAnswer(ctx.lang, 'core.unknownCommand', { type: interaction.commandName }));
      return;
    }
    const wait = await limiter.take('command', interaction.user.id);
    if (wait > 0) {
      await replyAnswer(interaction, rejectionAnswer(ctx.lang, 'core.rateLimited', { seconds: wait }));
      return;
    }
    const bad = normalizeOptions(interaction.options.data);
    if (bad) {
      await replyAnswer(interaction, rejectionAnswer(ctx.lang, `core.text.${bad.problem}`, { option: bad.option }));
      return;
    }
    const full: CommandContext = { ...ctx, interaction };
    await answerWith(interaction, ctx.lang, Promise.resolve().then(() => command.execute(full)), ctx.place);
  }

  async function onAutocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = commands.get(interaction.commandName);
    let choices: readonly { name: string; value: string | number }[] = [];
    try {
      const limited = (await limiter.take('autocomplete', interaction.user.id)) > 0;
      if (!limited && command?.autocomplete && !normalizeOptions(interaction.options.data)) choices = await command.autocomplete({ ...contextOf(interaction), interaction });
    } catch (error) {
      logger.warn({ err: error, command: interaction.commandName }, 'autocomplete failed');
    }
    const fitted = fitChoices(choices, (c) => logger.warn({ command: interaction.commandName, valueLength: String(c.value).length }, 'autocomplete value too long for Discord; choice left out'));
    await interaction.respond(fitted);
  }

  async function onButton(interaction: ButtonInteraction): Promise<void> {
    const ctx = { ...contextOf(interaction), message: { channelId: interaction.message.channelId, messageId: interaction.message.id } };
    const id: CustomId | null = decodeCustomId(interaction.customId);
    if (!id) {
      await replyAnswer(interaction, rejectionAnswer(ctx.lang, 'core.button.malformed'));
      return;
    }
    const wait = await limiter.take('command', interaction.user.id);
    if (wait > 0) {
      await replyAnswer(interaction, rejectionAnswer(ctx.lang, 'core.rateLimited', { seconds: wait }));
      return;
    }
    await answerWith(interaction, ctx.lang, Promise.resolve().then(() => services.button(ctx, id, interaction.id)), ctx.place);
  }

  return {
    /** Entry point for `interactionCreate`; never throws. */
    async handle(interaction: Interaction): Promise<void> {
      const started = performance.now();
      const kind = interaction.isChatInputCommand() ? 'command' : interaction.isAutocomplete() ? 'autocomplete' : interaction.isButton() ? 'button' : 'other';
      try {
        if (interaction.isChatInputCommand()) await onCommand(interaction);
        else if (interaction.isAutocomplete()) await onAutocomplete(interaction);
        else if (interaction.isButton()) await onButton(interaction);
      } catch (error) {
        logger.error({ err: error, kind }, 'could not answer an interaction');
      } finally {
        metrics?.interactionSeconds.observe({ kind }, (performance.now() - started) / 1000);
      }
    },
  };
}
