import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, createRng, genesisSnapshot, seedRng, type Genesis, type Rng } from '../../core/index.ts';
import { loadPackDir } from '../../content/load-dir.ts';
import { validatePack } from '../../content/schema.ts';
import { allDice } from './engine.ts';
import { comanautsCommandSchemas, type ComanautsCommandType } from './commands.ts';
import { comanautsPackSchema, type ComanautsPack } from './content.ts';
import { comanautsGame } from './index.ts';
import { decideCommand, setupGame } from './rules.ts';
import { codes, giveHand, mutate, putAvatar, scripted } from './scenario.test-helper.ts';
import type { ComanautsState } from './state.ts';

/**
 * The shipped scenario `waking-strobal` (docs/comanauts-pack.md) played through the engine: every start page
 * leads to its final page, every final confrontation meets the comazone's own I.D. (the Prime when it is
 * the Prime) and its way out reaches the Nexus, random legal play never breaks, and the clue cards can be
 * solved. The pages are played with rules 3 on the pack without its adventure files (comazones, I.D.s,
 * clues, totems: docs/comanauts-adventure.md), which are checked here as data.
 */

const DIR = join(import.meta.dirname, '../../../assets/packs/comanauts/waking-strobal');
// campaign.yaml (the story a campaign unlocks) needs the adventure files, so it leaves with them.
const ADVENTURE_FILES = ['comazones', 'ids', 'clues', 'totems', 'campaign'];

const loaded = await loadPackDir(DIR);
if (!loaded.ok) throw new Error(loaded.error.map((e) => e.message).join('\n'));
const raw = loaded.value.data as Readonly<Record<string, unknown>>;
const pagesOnly = { ...loaded.value, data: Object.fromEntries(Object.entries(raw).filter(([k]) => !ADVENTURE_FILES.includes(k))) };
const valid = validatePack(pagesOnly, comanautsPackSchema);
if (!valid.ok) throw new Error(valid.error.map((e) => e.message).join('\n'));
const pack: ComanautsPack = valid.value.content;

interface Zone {
  readonly id: string;
  readonly text: { en: string; es: string };
  readonly start: string;
  readonly final: string;
}
interface Id {
  readonly id: string;
  readonly enemy: string;
  readonly code: string;
  readonly comazone: string;
}
interface Clue {
  readonly id: string;
  readonly code: string;
  readonly rulesOut: { readonly comazones: readonly string[]; readonly ids: readonly string[] };
}
const zones = raw['comazones'] as readonly Zone[];
const ids = raw['ids'] as readonly Id[];
const clues = raw['clues'] as readonly Clue[];
const totems = raw['totems'] as readonly { item: string; comazone: string }[];

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));
const fresh = (page: string, seed = 3): ComanautsState => setupGame({ avatarsPerPlayer: 3, startAvatars: ['nurse-voss', 'pip'], page } as never, seats(2), createRng(seedRng(seed)), pack, 3);

function go(state: ComanautsState, seat: number, type: ComanautsCommandType, args: Record<string, unknown> = {}, rng: Rng = scripted([])): { state: ComanautsState; log: string[] } {
  const parsed = comanautsCommandSchemas[type].parse(args) as Record<string, unknown>;
  const res = decideCommand(state, { type, args: parsed }, { seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
  if (!res.ok) throw new Error(`${type} ${JSON.stringify(args)} refused: ${res.error.code}`);
  let s = res.value.state;
  const log = codes(res.value.events);
  // Prompts raised by the entry (skill dice, choices, spreads) take their first option.
  for (let i = 0; i < 30 && s.prompt; i++) {
    const next = decideCommand(s, { type: 'answer', args: { value: s.prompt.options[0] as string } }, { seat: s.prompt.seat, now: '2026-01-01T00:00:00.000Z', rng, asHost: false, pack });
    if (!next.ok) throw new Error(`answer refused: ${next.error.code}`);
    log.push(...codes(next.value.events));
    s = next.value.state;
  }
  return { state: s, log };
}

/** The first player alone on `space` with two purple dice (any line), no enemy in play, no door. */
const standOn = (s: ComanautsState, space: string): ComanautsState =>
  mutate(s, (d) => {
    d.enemies = [];
    d.slots = d.slots.map(() => null);
    d.situation = 'safe';
    if (d.pageBook) d.pageBook = { ...d.pageBook, doors: [] };
    giveHand(d, ['purple', 'purple']);
    putAvatar(d, 0, space);
    (d.players[1] as (typeof d.players)[number]).avatar.place = null;
  });

const pageOf = (id: string) => pack.pages.find((p) => p.id === id) as ComanautsPack['pages'][number];
/** A space joined to `to` by a line, other than `to` itself. */
const besideOf = (page: string, to: string): string => {
  const line = pageOf(page).lines.find((l) => l.between.includes(to) && l.kind !== 'white');
  if (!line) throw new Error(`nothing beside ${to}`);
  return line.between[0] === to ? line.between[1] : line.between[0];
};
/** The objective spaces an entry moves the token to (the way out of a final page). */
const wayOut = (page: string, from: string): string => {
  const effects = pageOf(page).entries.objective?.[from] ?? [];
  const placed = effects.find((e) => e.do === 'placeTokens' && e.token === 'objective');
  if (!placed || placed.do !== 'placeTokens') throw new Error(`${page}: no way out`);
  return placed.space;
};

describe('waking-strobal: the shipped Comanauts scenario', () => {
  it('GIVEN the pack WHEN counted THEN it holds six comazones of two pages, six I.D.s with five clue cards each, a totem per comazone, twelve avatars and twenty-five items to find', () => {
    expect(zones).toHaveLength(6);
    for (const z of zones) expect(pack.pages.filter((p) => p.comazone === z.id).map((p) => p.id)).toEqual([z.start, z.final]);
    expect(ids.map((x) => x.comazone).sort()).toEqual(zones.map((z) => z.id).sort());
    for (const x of ids) expect(clues.filter((c) => c.code === x.code)).toHaveLength(5);
    expect(totems.map((t) => t.comazone).sort()).toEqual(zones.map((z) => z.id).sort());
    expect(pack.avatars).toHaveLength(12);
    const totemItems = new Set(totems.map((t) => t.item));
    expect(pack.items.filter((i) => !totemItems.has(i.id))).toHaveLength(25);
    for (const p of pack.pages) expect(p.searchItems.some((i) => totemItems.has(i))).toBe(false);
  });

  it('Rules §Page Setup and §Leaving a Page: GIVEN each comazone\'s start page WHEN an avatar reaches its objective THEN the book turns to the comazone\'s final page', () => {
    for (const z of zones) {
      const [objective] = fresh(z.start).pageBook?.objectives ?? [];
      expect(objective, z.start).toBeDefined();
      const s = standOn(fresh(z.start), besideOf(z.start, objective as string));
      const { state, log } = go(s, 0, 'move', { colour: 'purple', to: objective });
      expect(log, z.start).toContain('comanauts.objective.reached');
      expect(state.turnToPage, z.start).toBe(z.final);
    }
  });

  it('Rules §Encountering an I.D. Entity and THE NEXUS: GIVEN each final page WHEN an avatar reaches the confrontation THEN the comazone\'s own I.D. is met (the Prime I.D., with a life per player, when it is the Prime), the objective moves to the way out, and reaching that leaves for the Nexus', () => {
    let primeMet = 0;
    for (const z of zones) {
      const own = ids.find((x) => x.comazone === z.id) as Id;
      for (let seed = 1; seed <= 8; seed++) {
        const start = fresh(z.final, seed);
        const [confrontation] = start.pageBook?.objectives ?? [];
        const met = go(standOn(start, besideOf(z.final, confrontation as string)), 0, 'move', { colour: 'purple', to: confrontation });
        const idInPlay = met.state.enemies.find((e) => e.card === own.enemy);
        expect(idInPlay, `${z.final} seed ${seed}`).toBeDefined();
        if (met.state.primeEntity === own.enemy) {
          primeMet++;
          expect(idInPlay?.life).toBe(2);
        } else expect(idInPlay?.life).toBeNull();
        const exit = wayOut(z.final, confrontation as string);
        expect(met.state.pageBook?.objectives).toEqual([exit]);
        const left = go(standOn(met.state, besideOf(z.final, exit)), 0, 'move', { colour: 'purple', to: exit });
        expect(left.log).toContain('comanauts.objective.reached');
        expect(left.state.turnToPage, `${z.final} seed ${seed}`).toBe('@nexus');
      }
    }
    expect(primeMet).toBeGreaterThan(0);
  });

  it('Rules §Player Turn (smoke): GIVEN random legal play started on every page of the pack WHEN any command from legalCommands is applied THEN none is refused and every die stays in exactly one place', () => {
    for (const page of pack.pages) {
      for (const seed of [11, 12]) {
        const genesis: Genesis = { gameType: 'comanauts', rulesVersion: '3', options: { page: page.id }, seats: seats(2 + (seed % 3)), seed };
        let snap = genesisSnapshot(comanautsGame, genesis, pack);
        let x = seed;
        for (let i = 0; i < 100 && comanautsGame.status(snap.state).phase === 'playing'; i++) {
          const seat = comanautsGame.awaiting(snap.state).seats[0] as number;
          const legal = comanautsGame.legalCommands(snap.state, seat);
          x = (x * 1103515245 + 12345) % 2147483648;
          const moves = legal.filter((c) => c.type !== 'endActions');
          const command = x % 7 === 0 || moves.length === 0 ? (legal.find((c) => c.type === 'endActions') ?? legal[0]) : moves[x % moves.length];
          const res = applyCommand(comanautsGame, snap, command as (typeof legal)[number], { seat, asHost: false, now: '2026-01-01T00:00:00.000Z' }, pack);
          if (!res.ok) throw new Error(`${page.id} seed ${seed}: ${JSON.stringify(command)} refused: ${res.error.code}`);
          snap = res.value.snapshot;
          const all = allDice(snap.state);
          expect(new Set(all).size).toBe(all.length);
        }
      }
    }
  });

  it('Rules §Clue Cards and THE NEXUS: GIVEN the five clue cards of any I.D. WHEN all are read THEN together they rule out every comazone but its home, none rules out its own comazone or I.D., and each rules out the I.D.s of exactly the comazones it rules out', () => {
    for (const own of ids) {
      const mine = clues.filter((c) => c.code === own.code);
      const ruledOut = new Set(mine.flatMap((c) => c.rulesOut.comazones));
      expect(zones.map((z) => z.id).filter((z) => !ruledOut.has(z))).toEqual([own.comazone]);
      for (const c of mine) {
        expect(c.rulesOut.comazones).not.toContain(own.comazone);
        expect(c.rulesOut.ids).not.toContain(own.id);
        expect([...c.rulesOut.ids].sort()).toEqual(c.rulesOut.comazones.map((z) => (ids.find((x) => x.comazone === z) as Id).id).sort());
        expect(c.rulesOut.comazones.length).toBeGreaterThan(0);
      }
    }
    // Clue ids are opaque: nothing in them tells which I.D. they belong to.
    for (const c of clues) expect(c.id).toMatch(/^v\d{3}$/);
  });
});
