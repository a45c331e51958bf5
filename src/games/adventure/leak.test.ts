import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommand, genesisSnapshot, type GameCommand, type GameEvent, type Genesis, type Snapshot } from '../../core/index.ts';
import { altText, formatEvents, legalLabel, lineText, promptButtons, type Naming } from '../../discord/present.ts';
import type { Language } from '../../i18n/index.ts';
import { adventureGame, packText, type AdventureState } from './index.ts';
import { saltLantern } from './pack-fixture.test.ts';

const pack = saltLantern();
const names = ['Ana', 'Bea', 'Cid', 'Dot'];
const LANGS: readonly Language[] = ['en', 'es'];
/** Shorter texts ("Rope", "The Jetty") may appear by coincidence in other words; these are distinctive. */
const DISTINCT = 14;

function naming(): Naming {
  return { seatNames: names, packText: (key, lang) => packText(pack, key, lang) };
}

/**
 * Everything the table (and every seat) sees after a step: the public view, each seat's view, the
 * public events in both languages, the prompt buttons, the legal moves' labels (autocomplete and
 * turn buttons) and the picture's alt text.
 */
function surface(s: AdventureState, events: readonly GameEvent[], seq: number, seats: number): string {
  const publicEvents = events.filter((e) => e.to === 'public');
  const view = adventureGame.publicView(s);
  const out: string[] = [JSON.stringify(view), JSON.stringify(publicEvents), JSON.stringify(promptButtons('g1', seq, adventureGame.prompts(s), 'en', names))];
  for (let seat = 0; seat < seats; seat++) out.push(JSON.stringify(adventureGame.viewFor(s, seat)));
  for (const lang of LANGS) {
    out.push(formatEvents(publicEvents, lang, names, (key, l) => packText(pack, key, l)));
    out.push(altText((adventureGame.describeView?.(view) ?? []).map((line) => lineText(lang, line, naming()))));
    for (let seat = 0; seat < seats; seat++) {
      for (const command of adventureGame.legalCommands(s, seat)) {
        out.push(legalLabel(lang, 'adventure', command, adventureGame.labelCommand?.(s, command, seat), naming()));
      }
    }
  }
  return out.join('\n');
}

/**
 * The spoilers of a state, as the words a reader would see: the text of every entry nobody has read,
 * the name of every card that was never face up, the name of every room not yet revealed, and every
 * hint (hints go only to the player who asks, ephemerally).
 */
function spoilers(s: AdventureState): { key: string; text: string }[] {
  const read = new Set(s.read);
  const seen = new Set(s.seenCards.map(String));
  const revealed = new Set(s.revealed.map((r) => r.room));
  const out: { key: string; text: string }[] = [];
  for (const lang of LANGS) {
    const texts = (pack.texts as Record<string, Record<string, string>>)[lang] ?? {};
    const isSecret = (key: string): boolean => {
      const [kind, id] = key.split('.', 2) as [string, string | undefined];
      return (
        (kind === 'entry' && id !== undefined && !read.has(id)) ||
        (kind === 'card' && id !== undefined && !seen.has(id)) ||
        (kind === 'room' && id !== undefined && !revealed.has(id)) ||
        kind === 'hint'
      );
    };
    // Two copies of a card share a name (three "Copper coin" cards): once one is seen, the name tells nothing of the others.
    const known = new Set(Object.entries(texts).filter(([key]) => !isSecret(key)).map(([, text]) => text));
    for (const [key, text] of Object.entries(texts)) if (isSecret(key) && text.length >= DISTINCT && !known.has(text)) out.push({ key, text });
  }
  return out;
}

describe('adventure leak test', () => {
  it('Rules §Reading entries and §Adventure cards: GIVEN seeded random games through legalCommands WHEN each step is shown THEN no unread entry, never-seen card, unrevealed room or hint shows in any public output, label, alt text or seat view', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, seats, choices) => {
        const genesis: Genesis = { gameType: 'adventure', rulesVersion: '2', options: { characters: 2 }, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: names[i] as string })), seed };
        let snap: Snapshot<AdventureState> = genesisSnapshot(adventureGame, genesis, pack);
        let checked = 0;
        expect(spoilers(snap.state).length, 'the check has secrets to look for').toBeGreaterThan(40);
        for (let i = 0; i < 80 && !snap.state.finished; i++) {
          const seat = adventureGame.awaiting(snap.state).seats[0] ?? 0;
          const legal = adventureGame.legalCommands(snap.state, seat).filter((c) => c.type !== 'hint');
          if (legal.length === 0) break;
          const command = legal[(choices[i % choices.length] as number) % legal.length] as GameCommand;
          const res = applyCommand(adventureGame, snap, command, { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)}`);
          snap = res.value.snapshot;
          const shown = surface(snap.state, res.value.events, i + 1, seats);
          for (const { key, text } of spoilers(snap.state)) expect(shown.includes(text), `step ${i} ${command.type}: ${key} leaked`).toBe(false);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(0);
      }),
      // The example: a game CI found where a seen card shares its name with a card still unseen.
      { numRuns: 8, examples: [[1, 2, [91, 192, 67, 169, 575, 871, 7]]] },
    );
  }, 120_000);
});
