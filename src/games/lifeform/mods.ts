import type { GameCommand, Json } from '../../core/index.ts';
import type { HuntEffect } from './content-mods.ts';
import { applyEffects, end, lifeformDraw, queue, tell, top, type Cx } from './flow.ts';
import { cardOf, type HuntState, type LifeformState, type PassengerBoard, type ShowdownState, type Task } from './state.ts';

/*
 * The 13th Passenger mods (summary page 11, "13TH PASSENGER EXPANSION"), played behind the game option
 * `mods`: A (new survivors: setup.ts and state.ts `charactersOf`), B (asteroid impact) and D (hunting
 * the alien). Nothing here runs in a game without them.
 */

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => ({ type, args });
const locationKey = (id: string): string => `location.${id}.name`;

/** Crew seats with a surviving character (the showdown's surviving crew members). */
const survivorSeats = (s: LifeformState): number[] => s.crewSeats.filter((seat) => s.characters.some((c) => c.owner === seat));

// ---------------------------------------------------------------- Mod B: asteroid impact

/**
 * Rules §13TH PASSENGER, Mod B: the token on the minute reached is examined and removed. A strike draws one
 * of the impact cards at random, follows it (crew effects hit every crew player with a character) and
 * removes every other token and card; an imminent impact leaves the rest for later minutes.
 */
export function examineAsteroid(cx: Cx, minute: number): void {
  const s = cx.s;
  const a = s.passenger?.asteroids;
  if (!a || !a.minutes.includes(minute)) return;
  const covered = a.minutes.length;
  a.minutes = a.minutes.filter((m) => m !== minute);
  cx.revealed = true;
  if (cx.rng.int(0, covered - 1) >= a.strikes) {
    tell(cx, 'asteroid.imminent', { minute, left: a.minutes.length });
    return;
  }
  const card = a.cards[cx.rng.int(0, a.cards.length - 1)] as string;
  a.minutes = [];
  a.strikes = 0;
  a.cards = [];
  a.struck = card;
  tell(cx, 'asteroid.strike', { minute, cardKey: `asteroid.${card}.name`, textKey: `asteroid.${card}.text` });
  const effects = s.board.passenger?.asteroidCards?.[card] ?? [];
  const crewOps = new Set(['crewDraws', 'crewDiscards']);
  const seats = survivorSeats(s);
  applyEffects(cx, seats[0] ?? s.crewSeats[0] ?? 0, effects.filter((e) => !crewOps.has(e.op)));
  for (const seat of seats) applyEffects(cx, seat, effects.filter((e) => crewOps.has(e.op)));
}

// ---------------------------------------------------------------- Mod D: hunting the alien

const huntOf = (s: LifeformState): HuntState => s.passenger?.hunt as HuntState;
const shuttle = (s: LifeformState): PassengerBoard => s.board.passenger ?? {};

/**
 * Rules §13TH PASSENGER, Mod D, before the showdown's fights (after the hibernation sequence, so the crew
 * pool exists): with one to four surviving crew disks the lifeform hides; with five or more (or none) the
 * showdown goes on at once. False when the hunt is over or not played.
 */
export function startHunt(cx: Cx): boolean {
  const s = cx.s;
  const h = s.passenger?.hunt;
  if (!h || h.stage !== 'wait') return false;
  const disks = s.characters.length;
  const actions = shuttle(s).actions?.[String(disks)];
  if (!actions || disks === 0) {
    h.stage = 'done';
    tell(cx, 'hunt.skipped', { disks });
    return false;
  }
  h.stage = 'search';
  h.actions = [...actions];
  tell(cx, 'hunt.start', { disks, actions: actions.length });
  queue(cx, { k: 'huntHide' });
  return true;
}

/** Locations a search or a reveal may still name: neither searched nor shown empty. */
const openLocations = (s: LifeformState): string[] => {
  const h = huntOf(s);
  return (shuttle(s).locations ?? []).filter((l) => !h.revealed.includes(l) && !h.searched.some((x) => x.location === l));
};

/** Characters that have not searched yet (each disk searches once). */
const unusedDisks = (s: LifeformState, seat: number): string[] => s.characters.filter((c) => c.owner === seat && !huntOf(s).searched.some((x) => x.by === c.id)).map((c) => c.id);

/** Which seats a hunt task waits for: the lifeform, or the surviving crew members who can search. */
export function huntSeats(s: LifeformState, t: Task): number[] {
  if (t.k !== 'huntSearch') return [s.lifeformSeat];
  return survivorSeats(s).filter((seat) => t.halon || unusedDisks(s, seat).length > 0);
}

/** The legal hunt commands of a seat for the top task. */
export function huntCommands(s: LifeformState, seat: number, t: Task): GameCommand[] {
  const h = huntOf(s);
  const all = shuttle(s).locations ?? [];
  switch (t.k) {
    case 'huntHide': {
      // Step 1 and 2: the secret location, and two hostility tokens on any location but the Engineering Compartment.
      if (seat !== s.lifeformSeat) return [];
      const out: GameCommand[] = [];
      for (const location of all) for (const tokens of all.filter((l) => l !== shuttle(s).engineering)) out.push(cmd('hide', { location, tokens }));
      return out;
    }
    case 'huntReveal':
      return seat === s.lifeformSeat ? openLocations(s).filter((l) => l !== h.at).map((location) => cmd('reveal', { location })) : [];
    case 'huntSearch': {
      if (!survivorSeats(s).includes(seat)) return [];
      const by = t.halon ? ['halon'] : unusedDisks(s, seat);
      const out = by.flatMap((b) => openLocations(s).map((location) => cmd('search', { location, by: b })));
      if (t.halon) out.push(cmd('noSearch'));
      return out;
    }
    case 'huntKill':
      return seat === s.lifeformSeat ? s.characters.map((c) => cmd('kill', { character: c.id })) : [];
    default:
      return [];
  }
}

/** Applies a legal hunt command. */
export function applyHunt(cx: Cx, seat: number, c: GameCommand): void {
  const s = cx.s;
  const h = huntOf(s);
  const a = c.args as { location?: string; tokens?: string; by?: string; character?: string };
  s.stack.pop();
  switch (c.type) {
    case 'hide':
      h.at = a.location as string;
      h.tokensAt = a.tokens as string;
      tell(cx, 'hunt.hidden', { locationKey: locationKey(h.tokensAt) });
      tell(cx, 'hunt.hiddenAt', { locationKey: locationKey(h.at) }, s.lifeformSeat);
      break;
    case 'reveal':
      h.revealed.push(a.location as string);
      tell(cx, 'hunt.revealed', { locationKey: locationKey(a.location as string) });
      break;
    case 'search':
      search(cx, seat, a.location as string, a.by as string);
      break;
    case 'noSearch':
      tell(cx, 'hunt.noHalon', { seat });
      break;
    case 'kill': {
      const ch = s.characters.find((x) => x.id === a.character);
      if (ch) {
        s.characters = s.characters.filter((x) => x.id !== ch.id);
        s.dead.push(ch.id);
        tell(cx, 'hunt.killed', { characterKey: `character.${ch.id}.name`, seat: ch.owner });
      }
      return;
    }
  }
  nextHuntAction(cx);
}

function search(cx: Cx, seat: number, location: string, by: string): void {
  const s = cx.s;
  const h = huntOf(s);
  const sd = s.showdown as ShowdownState;
  h.searched.push({ location, by });
  if (by === 'halon') sd.pool.halon = Math.max(0, sd.pool.halon - 1);
  const params = { seat, locationKey: locationKey(location), ...(by === 'halon' ? {} : { characterKey: `character.${by}.name` }) };
  tell(cx, by === 'halon' ? 'hunt.searchHalon' : 'hunt.search', params);
  const sections = shuttle(s).sections?.[location];
  if (location === h.at) {
    // IT'S IN HERE!: the two hostility tokens leave the game, LIFEFORM DISCOVERED, then the showdown.
    h.found = true;
    h.stage = 'done';
    h.actions = [];
    cx.revealed = true;
    tell(cx, 'hunt.found', { locationKey: locationKey(location), textKey: `location.${location}.discovered.text` });
    huntEffects(cx, sections?.discovered ?? []);
    return;
  }
  // WHERE THE HELL IS IT?!: FAILED CREW SEARCH, then the next action.
  tell(cx, 'hunt.failed', { locationKey: locationKey(location), textKey: `location.${location}.failed.text` });
  huntEffects(cx, sections?.failed ?? []);
}

/** The next action of the Remora board for the disk count, skipping those that can do nothing; the end when none is left. */
function nextHuntAction(cx: Cx): void {
  const s = cx.s;
  const h = huntOf(s);
  if (h.stage !== 'search' || s.outcome) return;
  while (h.actions.length > 0) {
    const action = h.actions.shift();
    const open = openLocations(s);
    if (action === 'halon' && (s.showdown?.pool.halon ?? 0) > 0 && open.length > 0) return queue(cx, { k: 'huntSearch', halon: true });
    if (action === 'reveal' && open.some((l) => l !== h.at)) return queue(cx, { k: 'huntReveal' });
    if (action === 'search' && open.length > 0 && survivorSeats(s).some((seat) => unusedDisks(s, seat).length > 0)) return queue(cx, { k: 'huntSearch', halon: false });
  }
  remainsHidden(cx);
}

/**
 * I CAN'T FIND IT: the chosen card is shown, LIFEFORM REMAINS HIDDEN is followed, the two hostility tokens
 * are kept when they lie on it, and from an Engineering Compartment nobody searched the lifeform kills one
 * crew member.
 */
function remainsHidden(cx: Cx): void {
  const s = cx.s;
  const h = huntOf(s);
  const at = h.at as string;
  h.stage = 'done';
  cx.revealed = true;
  tell(cx, 'hunt.notFound', { locationKey: locationKey(at), textKey: `location.${at}.hidden.text` });
  huntEffects(cx, shuttle(s).sections?.[at]?.hidden ?? []);
  const sd = s.showdown as ShowdownState;
  if (h.tokensAt === at) {
    sd.tokens += 2;
    tell(cx, 'hunt.tokensKept', { tokens: sd.tokens });
  }
  if (at === shuttle(s).engineering && !h.searched.some((x) => x.location === at) && s.characters.length > 0) queue(cx, { k: 'huntKill' });
}

/** A location section's effects on the showdown (content-mods.ts `huntEffectSchema`). */
function huntEffects(cx: Cx, effects: readonly HuntEffect[]): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  for (const e of effects) {
    if (e.op === 'halon') sd.pool.halon = Math.max(0, sd.pool.halon + e.n);
    if (e.op === 'tokens') sd.tokens = Math.max(0, sd.tokens + e.n);
    if (e.op === 'loseRemora') sd.pool.remora = false;
    if (e.op === 'lifeformDraws') lifeformDraw(cx, e.n);
    if (e.op === 'lifeformDiscards') {
      for (let i = 0; i < e.n && s.lfHand.length > 1; i++) {
        const [card] = s.lfHand.splice(cx.rng.int(0, s.lfHand.length - 1), 1);
        s.lfDiscard.push(card as string);
        tell(cx, 'hunt.lifeformDiscarded', { cardKey: `lifeform.card.${cardOf(card as string)}.name` });
      }
    }
  }
  tell(cx, 'hunt.pool', { halon: sd.pool.halon, remora: sd.pool.remora, tokens: sd.tokens });
  if (s.lfHand.length === 0 && !s.outcome) end(cx, 'crew', 'showdownCrew', sd.ending);
}

/** Whether the top task is one of the hunt's. */
export const isHuntTask = (t: Task | undefined): boolean => t !== undefined && ['huntHide', 'huntReveal', 'huntSearch', 'huntKill'].includes(t.k);

/**
 * The 13th Passenger as everyone may see it: the mods, Mod B's covered minutes and the card that struck
 * (never which token strikes: that is drawn when examined), Mod D's hunt without the hidden location.
 */
export function passengerView(s: LifeformState): Json {
  const p = s.passenger;
  if (!p) return null;
  return {
    mods: [...p.mods],
    ...(p.asteroids ? { asteroids: { minutes: [...p.asteroids.minutes], struck: p.asteroids.struck } } : {}),
    ...(p.hunt ? { hunt: huntView(p.hunt) } : {}),
  };
}

/** The hunt in public: the chosen location only once the hunt ended with the lifeform unfound. */
function huntView(h: HuntState): Json {
  const shown = h.stage === 'done' && !h.found && h.at !== null;
  return { stage: h.stage, tokensAt: h.tokensAt, actionsLeft: h.actions.length, searched: h.searched.map((x) => ({ location: x.location, by: x.by })), revealed: [...h.revealed], found: h.found, ...(shown ? { at: h.at } : {}) };
}

/** Whether the top task resolves by itself: Mod B's examination. */
export function resolveAsteroid(cx: Cx): boolean {
  const t = top(cx.s);
  if (t?.k !== 'asteroid') return false;
  cx.s.stack.pop();
  examineAsteroid(cx, t.minute);
  return true;
}
