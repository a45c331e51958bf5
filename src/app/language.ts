import { PREF_LANGUAGES } from '../scheduler/index.ts';
import type { GameWithSeats } from '../store/index.ts';

/**
 * The language of a Discord locale that Turnkeeper writes in (`es-ES` → `es`, `en-US` → `en`), or null
 * for one it does not (`fr`): the game's language is used then.
 */
export function languageTag(locale: string | null | undefined): string | null {
  const tag = /^([a-z]{2,3})(?:[-_]|$)/i.exec(locale ?? '')?.[1]?.toLowerCase();
  return (PREF_LANGUAGES as readonly string[]).includes(tag ?? '') ? (tag as string) : null;
}

/** The seat prefs a new seat starts with: the language of the client it joined from, when known. */
export function initialPrefs(locale: string | null | undefined): { language?: string } {
  const language = languageTag(locale);
  return language ? { language } : {};
}

/** True when seat prefs already name a language (chosen with `/prefs language` or recorded before). */
export function hasLanguage(prefs: unknown): boolean {
  return typeof prefs === 'object' && prefs !== null && typeof (prefs as Record<string, unknown>).language === 'string';
}

/** The language a seat's private messages (DMs, reminders) are written in: the player's own, else the game's. */
export function seatLanguage(game: Pick<GameWithSeats, 'seats' | 'locale'>, seat: number): string {
  const row = game.seats.find((s) => s.index === seat && s.role === 'player');
  const prefs = row && typeof row.prefs === 'object' && row.prefs !== null && !Array.isArray(row.prefs) ? (row.prefs as Record<string, unknown>) : {};
  return typeof prefs.language === 'string' ? prefs.language : game.locale;
}
