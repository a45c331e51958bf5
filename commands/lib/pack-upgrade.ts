import type { SlashCommandSubcommandGroupBuilder } from '@discordjs/builders';
import type { GameStatusView } from '../../src/app/index.ts';
import { ok, ownValue } from '../../src/core/index.ts';
import type { AutocompleteContext, CommandContext, CommandResult } from '../../src/discord/command.ts';
import { described, t, type Language } from '../../src/i18n/index.ts';

/** Characters of the new content's hash the host types to confirm: enough that a changed plan never matches. */
const CONFIRM_LENGTH = 12;

/** `/game pack upgrade [to:] [confirm:]`: the host moves a running game to another version of its pack. */
export function packUpgradeGroup(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  return group.addSubcommand((s) =>
    described(s.setName('upgrade'), 'content.cmd.upgrade')
      .addStringOption((o) => described(o.setName('to'), 'content.cmd.to').setMaxLength(32))
      .addStringOption((o) => described(o.setName('confirm'), 'content.cmd.confirm').setMaxLength(64)),
  );
}

/**
 * Without `confirm:`, shows what would change (versions, content hash, files and entries changed) and
 * how to confirm; with it, switches once the new content has replayed the game's whole log.
 */
export async function packUpgrade(ctx: CommandContext, game: GameStatusView, table: Language): Promise<CommandResult> {
  const to = ctx.interaction.options.getString('to') ?? undefined;
  const confirm = ctx.interaction.options.getString('confirm');
  const app = ctx.services.app;
  if (confirm === null) {
    const plan = await app.planUpgrade(game.gameId, ctx.actor, to);
    if (!plan.ok) return plan;
    const p = plan.value;
    const code = p.to.hash.slice(0, CONFIRM_LENGTH);
    const lines = [
      ctx.t('content.upgrade.plan', { packId: p.packId, from: p.from.version ?? '—', to: p.to.version, hash: code, replayed: p.replayed }),
      ...(p.changes.length === 0 ? [ctx.t('content.upgrade.noChanges')] : p.changes.slice(0, 20).map((c) => `- ${ctx.t('content.upgrade.file', { ...c })}`)),
      ctx.t('content.upgrade.confirmHow', { to: p.to.version, code }),
    ];
    return ok({ visibility: 'ephemeral', content: lines.join('\n').slice(0, 2000) });
  }
  const done = await app.upgradePack(game.gameId, ctx.actor, to, confirm.trim());
  if (!done.ok) return done;
  const p = done.value;
  return ok({ visibility: 'public', content: t(table, 'content.upgrade.done', { host: `<@${ctx.actor.userId}>`, packId: p.packId, from: p.from.version ?? '—', to: p.to.version }) });
}

/** `/game new pack:` choices: the packs shipped for that game and the ones this server uploaded, nobody else's. */
export async function packChoices(ctx: AutocompleteContext, gameType: string): Promise<readonly { name: string; value: string }[]> {
  if (!ownValue(ctx.services.catalog.modules, gameType)) return [];
  const typed = String(ctx.interaction.options.getFocused() ?? '').toLowerCase();
  const choices = await ctx.services.app.packChoices(ctx.place.guildId, gameType);
  return choices
    .filter((c) => c.id.includes(typed) || (c.name?.[ctx.lang] ?? '').toLowerCase().includes(typed))
    .slice(0, 25)
    .map((c) => ({ name: `${c.name?.[ctx.lang] ?? c.id} (${c.version})`.slice(0, 100), value: c.id }));
}
