import { MAX_CHOICES } from '../../src/discord/present.ts';

/** One autocomplete choice: what the player reads and the value sent back. */
export interface Choice {
  readonly name: string;
  readonly value: string;
}

/** Distinct values that contain what was typed (name or value), at most Discord's 25 (`MAX_CHOICES`). */
export function filterChoices(choices: readonly Choice[], typed: string): Choice[] {
  const needle = typed.trim().toLowerCase();
  const seen = new Set<string>();
  return choices.filter((c) => !seen.has(c.value) && seen.add(c.value) && (c.name.toLowerCase().includes(needle) || c.value.toLowerCase().includes(needle))).slice(0, MAX_CHOICES);
}
