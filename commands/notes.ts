import { SlashCommandBuilder } from '@discordjs/builders';
import { ok, reject } from '../src/core/index.ts';
import type { CommandContext, CommandModule } from '../src/discord/command.ts';
import { described } from '../src/i18n/index.ts';
import { NOTE_MAX, type AdventureView } from '../src/games/adventure/index.ts';
import { adventureHere } from './lib/adventure.ts';

/** Discord caps a message at 2,000 characters; the notepad listing keeps the newest notes that fit. */
const LISTING_BUDGET = 1900;

/** `/notes`: show the table's shared notepad; `/notes text:<…>` adds a line everyone can read (Rules §General information). */
export const command: CommandModule = {
  data: described(new SlashCommandBuilder().setName('notes'), 'adventure.commands.notes.description').addStringOption((o) =>
    described(o.setName('text'), 'adventure.commands.options.text').setMinLength(1).setMaxLength(NOTE_MAX),
  ),
  async execute(ctx) {
    const here = await adventureHere(ctx.services, ctx.place);
    if (!here.ok) return here;
    const { game, view } = here.value;
    if (!view) return reject('core.game.notStarted');
    const text = ctx.interaction.options.getString('text')?.trim();
    if (!text) return ok({ visibility: 'ephemeral', content: listing(ctx, view, game.seats) });
    if (text.length > NOTE_MAX) return reject('adventure.note.tooLong', { max: NOTE_MAX, length: text.length });
    const r = await ctx.services.app.play(game.gameId, ctx.actor, { type: 'note', args: { text } }, ctx.interaction.id);
    if (!r.ok) return r;
    return ok(await ctx.services.presentResult(r.value, { code: 'adventure.commands.notes.wrote', params: { player: `<@${ctx.actor.userId}>`, text } }));
  },
};

function listing(ctx: CommandContext, view: AdventureView, seats: readonly { seat: number; userName: string }[]): string {
  if (view.notes.length === 0) return ctx.t('adventure.commands.notes.empty');
  const lines: string[] = [];
  let used = 0;
  for (let i = view.notes.length - 1; i >= 0; i--) {
    const note = view.notes[i];
    if (!note) continue;
    const who = seats.find((s) => s.seat === note.seat)?.userName ?? `#${note.seat + 1}`;
    const line = ctx.t('adventure.commands.notes.line', { number: i + 1, player: who, text: note.text });
    if (used + line.length + 1 > LISTING_BUDGET) break;
    lines.unshift(line);
    used += line.length + 1;
  }
  const header = lines.length === view.notes.length
    ? ctx.t('adventure.commands.notes.header', { count: view.notes.length })
    : ctx.t('adventure.commands.notes.headerLatest', { shown: lines.length, count: view.notes.length });
  return [header, ...lines].join('\n');
}
