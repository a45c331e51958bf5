import type { GameStatusView } from '../../src/app/index.ts';
import { ok, reject, type Json, type Rejection, type Result } from '../../src/core/index.ts';
import type { AutocompleteContext, CommandContext, CommandResult } from '../../src/discord/command.ts';
import type { Language } from '../../src/i18n/index.ts';
import { AUTOCOMPLETE_MAX, cardChoices, locationChoices, type AdventureView } from '../../src/games/adventure/index.ts';

/** Discord's smallest and largest location numbers the pack format allows (three digits, Rules §Explore). */
export const LOCATION_MIN = 100;
export const LOCATION_MAX = 999;
/** Adventure card numbers are two digits (Rules §About Combining: numbers are joined smallest first). */
export const CARD_MIN = 10;
export const CARD_MAX = 99;
/** Rules §About Combining: up to three cards make one entry, plus a location. */
export const COMBINE_CARDS_MAX = 3;

type Place = CommandContext['place'];
type Services = CommandContext['services'];

/** The adventure game played in this thread with its public table, or a rejection the router renders. */
export interface AdventureHere {
  readonly game: GameStatusView;
  readonly view: AdventureView | null;
}

/** Finds the thread's game and refuses any other game type with `adventure.commands.wrongGame`. */
export async function adventureHere(services: Services, place: Place): Promise<Result<AdventureHere, Rejection>> {
  const here = await services.gameHere(place);
  if (!here.ok) return here;
  if (here.value.gameType !== 'adventure') return reject('adventure.commands.wrongGame', { gameType: here.value.gameType });
  return ok({ game: here.value, view: here.value.publicView as unknown as AdventureView | null });
}

/** The pack text of a key (card, room, character, hint) in the reader's language, if the pack has it. */
export async function packTextOf(services: Services, game: GameStatusView, lang: Language): Promise<(key: string) => string | undefined> {
  const text = await services.catalog.packText(game);
  return (key) => text?.(key, lang);
}

/** Sends one adventure command to the application and answers with its public events and who is awaited. */
export async function playAdventure(ctx: CommandContext, type: string, args: Readonly<Record<string, Json>>): Promise<CommandResult> {
  const here = await adventureHere(ctx.services, ctx.place);
  if (!here.ok) return here;
  return playIn(ctx, here.value.game, type, args);
}

/** Like {@link playAdventure} when the caller already looked the game up. */
export async function playIn(ctx: CommandContext, game: GameStatusView, type: string, args: Readonly<Record<string, Json>>): Promise<CommandResult> {
  const r = await ctx.services.app.play(game.gameId, ctx.actor, { type, args: { ...args } }, ctx.interaction.id);
  if (!r.ok) return r;
  return ok(await ctx.services.presentResult(r.value));
}

/** The seat of a user in a game, or null for onlookers. */
export function seatOfUser(game: GameStatusView, userId: string): number | null {
  return game.seats.find((s) => s.userId === userId)?.seat ?? null;
}

/**
 * Reads the cards typed into `/combine cards:` ("11 12", "11,12" or "11+12"): two-digit numbers, each
 * once; `null` when something else was typed.
 */
export function parseCards(raw: string): number[] | null {
  const parts = raw.trim().split(/[\s,+&;/]+/).filter((p) => p !== '');
  if (parts.length === 0 || parts.length > COMBINE_CARDS_MAX) return null;
  const cards: number[] = [];
  for (const part of parts) {
    if (!/^\d{2}$/.test(part)) return null;
    cards.push(Number(part));
  }
  return cards;
}

type Choice = { name: string; value: string };

function focused(ctx: AutocompleteContext): { name: string; value: string } {
  const f = ctx.interaction.options.getFocused(true);
  return { name: f.name, value: String(f.value ?? '') };
}

/** The table for autocomplete: empty (no choices) outside an adventure or before it starts. */
async function tableFor(ctx: AutocompleteContext): Promise<{ here: AdventureHere; view: AdventureView } | null> {
  const here = await adventureHere(ctx.services, ctx.place);
  if (!here.ok || !here.value.view) return null;
  return { here: here.value, view: here.value.view };
}

function asStrings(choices: readonly { name: string; value: number }[]): Choice[] {
  return choices.map((c) => ({ name: c.name, value: String(c.value) }));
}

/** Locations of revealed rooms with room names in the reader's language (Rules §Move character figure). */
export async function locationAutocomplete(ctx: AutocompleteContext): Promise<Choice[]> {
  const table = await tableFor(ctx);
  if (!table) return [];
  return asStrings(locationChoices(table.view, focused(ctx).value, await packTextOf(ctx.services, table.here.game, ctx.lang)));
}

/** Cards held by the characters the user plays, with card names in the reader's language. */
export async function cardAutocomplete(ctx: AutocompleteContext): Promise<Choice[]> {
  const table = await tableFor(ctx);
  if (!table) return [];
  const seat = seatOfUser(table.here.game, ctx.actor.userId);
  if (seat === null) return [];
  return asStrings(cardChoices(table.view, seat, focused(ctx).value, await packTextOf(ctx.services, table.here.game, ctx.lang)));
}

/**
 * Completion for the several cards of `/combine`: the numbers already typed stay, the last one is
 * completed from the cards the user's characters hold (value "11 12").
 */
export async function cardListAutocomplete(ctx: AutocompleteContext): Promise<Choice[]> {
  const table = await tableFor(ctx);
  if (!table) return [];
  const seat = seatOfUser(table.here.game, ctx.actor.userId);
  if (seat === null) return [];
  const typed = focused(ctx).value;
  const words = typed.split(/[\s,+&;/]+/);
  const last = /[\s,+&;/]$/.test(typed) ? '' : (words.pop() ?? '');
  const before = words.filter((w) => /^\d{2}$/.test(w));
  if (before.length >= COMBINE_CARDS_MAX) return [];
  const name = await packTextOf(ctx.services, table.here.game, ctx.lang);
  const prefix = before.join(' ');
  return cardChoices(table.view, seat, last, name)
    .filter((c) => !before.includes(String(c.value)))
    .map((c) => ({ name: prefix ? `${prefix} + ${c.name}` : c.name, value: prefix ? `${prefix} ${c.value}` : String(c.value) }))
    .slice(0, AUTOCOMPLETE_MAX);
}

/** The characters at the table, numbered from 1 as players count them, with names in the reader's language. */
export async function characterAutocomplete(ctx: AutocompleteContext): Promise<Choice[]> {
  const table = await tableFor(ctx);
  if (!table) return [];
  const name = await packTextOf(ctx.services, table.here.game, ctx.lang);
  const typed = focused(ctx).value.trim();
  return table.view.characters
    .map((c) => ({ name: `${c.index + 1} · ${name(c.nameKey) ?? c.id}`, value: String(c.index + 1) }))
    .filter((c) => c.value.startsWith(typed) || c.name.toLowerCase().includes(typed.toLowerCase()))
    .slice(0, AUTOCOMPLETE_MAX);
}

/** The options of the entry choice awaiting an answer, numbered from 1, in the reader's language. */
export async function optionAutocomplete(ctx: AutocompleteContext): Promise<Choice[]> {
  const table = await tableFor(ctx);
  if (!table?.view.pending) return [];
  const name = await packTextOf(ctx.services, table.here.game, ctx.lang);
  return table.view.pending.options
    .map((o) => ({ name: `${o.index + 1} · ${name(o.labelKey) ?? o.labelKey}`, value: String(o.index + 1) }))
    .slice(0, AUTOCOMPLETE_MAX);
}
