import { ok } from '../../src/core/index.ts';
import type { CommandContext, CommandResult } from '../../src/discord/command.ts';
import { formatEvents } from '../../src/discord/present.ts';

/** Discord refuses message content past 2,000 characters. @see https://discord.com/developers/docs/resources/message#create-message */
const BUDGET = 1_900;

/**
 * `/game recap`: the public moves since the reader's last one, in their language, each with who made
 * it, and a link to the first post about them. Built from public events only; names, never pings.
 */
export async function recapAnswer(ctx: CommandContext, gameId: string): Promise<CommandResult> {
  const r = await ctx.services.app.recap(gameId, ctx.actor.userId);
  if (!r.ok) return r;
  const view = r.value;
  if (view.steps.length === 0) return ok({ visibility: 'ephemeral', content: ctx.t('overview.recap.nothing') });
  const packText = await ctx.services.catalog.packText(view);
  const count = view.steps.length + view.omitted;
  const lines = [ctx.t(view.sinceSeq === null ? 'overview.recap.headingStart' : 'overview.recap.headingSince', { count })];
  if (view.omitted > 0) lines.push(ctx.t('overview.recap.omitted', { count: view.omitted }));
  const tail = view.startedAt && ctx.place.guildId ? ctx.t('overview.recap.startsHere', { link: `https://discord.com/channels/${ctx.place.guildId}/${view.startedAt.channelId}/${view.startedAt.messageId}` }) : null;
  let used = lines.join('\n').length + (tail?.length ?? 0) + 2;
  for (const step of view.steps) {
    const name = step.seat === null ? null : view.seatNames[step.seat];
    const head = name ? ctx.t('overview.recap.step', { seq: step.seq, who: name }) : ctx.t(step.seat === null ? 'overview.recap.stepGame' : 'overview.recap.stepHost', { seq: step.seq });
    const block = `${head}\n${formatEvents(step.events, ctx.lang, view.seatNames, packText)}`;
    if (used + block.length + 1 > BUDGET) {
      lines.push(ctx.t('overview.recap.cut'));
      break;
    }
    lines.push(block);
    used += block.length + 1;
  }
  if (tail) lines.push(tail);
  return ok({ visibility: 'ephemeral', content: lines.join('\n') });
}
