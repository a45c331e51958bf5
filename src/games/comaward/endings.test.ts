import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../cli/compose.ts';
import type { GameEvent } from '../../core/index.ts';
import { formatEvents } from '../../discord/present.ts';
import type { ComaWardPack } from './content.ts';
import { randomGame } from './random-play.ts';

const catalog = await loadCatalog();
const packRef = catalog.packs('comaward');
const pack = packRef?.data as ComaWardPack;
const packText = await catalog.catalog.packText({ gameType: 'comaward', guildId: null, packId: packRef?.id ?? null, packVersion: packRef?.version ?? null, packHash: packRef?.hash ?? null });
const NAMES = ['Ana', 'Bruno', 'Carmen', 'Dario', 'Elena'];

/** Whole seeded games (clue hunters) played to their ending, with every public event they told. */
function finishedGames(wanted: number): { players: number; told: GameEvent[]; winners: number[] }[] {
  const out: { players: number; told: GameEvent[]; winners: number[] }[] = [];
  for (let seed = 1; seed < 400 && out.length < wanted; seed++) {
    const players = 2 + (seed % 4);
    const told: GameEvent[] = [];
    const end = randomGame(pack, seed, players, 1500, (step) => told.push(...step.events.filter((e) => e.to === 'public')), {}, 'clues');
    if (end.state.phase === 'over' && end.state.ending) out.push({ players, told, winners: end.state.ending.winners });
  }
  return out;
}

describe('Coma Ward endings name the players (issue 15 "Player experience": names, not ids)', () => {
  it('§End and §Revealing the Phenomenon: GIVEN seeded games played to an epilogue WHEN their public lines are read in English and Spanish THEN every winner is named, and no line shows a seat number ("#2") or a raw id', () => {
    const games = finishedGames(4);
    expect(games.length).toBeGreaterThanOrEqual(2);
    let winnerLines = 0;
    for (const g of games) {
      const names = NAMES.slice(0, g.players);
      for (const lang of ['en', 'es'] as const) {
        const text = formatEvents(g.told, lang, names, packText);
        expect(text).not.toMatch(/#\d/);
        expect(text).not.toMatch(/\{\{|comaward\.|phenomenon\.[a-z-]+\.|undefined/);
        const ending = formatEvents(g.told.filter((e) => e.code.startsWith('comaward.ending.') || e.code === 'comaward.role.shown'), lang, names, packText);
        for (const seat of g.winners) expect(ending, `${lang}: winner ${names[seat]}`).toContain(names[seat]);
        winnerLines += g.winners.length;
      }
    }
    expect(winnerLines).toBeGreaterThan(0);
  }, 180_000);
});
