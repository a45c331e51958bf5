import type { GameCommand } from '../../core/index.ts';
import { advanceHostility, checkHandLimit, discardCrew, end, lifeformDraw, lifeformHandSize, queue, tell, top, type Cx } from './flow.ts';
import { cardOf, REMORA, type LifeformState, type ShowdownState } from './state.ts';

/** The icons of the showdown (§SHOWDOWN STAGE): at most five fight icons in a fight. */
const MAX_FIGHT_ICONS = 5;

const cmd = (type: string, args: Record<string, unknown> = {}): GameCommand => ({ type, args });

/** Crew seats with at least one surviving character (§SHOWDOWN STAGE: surviving crew member). */
export const survivors = (s: LifeformState): number[] => s.crewSeats.filter((seat) => s.characters.some((c) => c.owner === seat));

function crewShowdownIcons(s: LifeformState, card: string): string[] {
  return [...(s.board.showdown[cardOf(card)] ?? [])];
}

/**
 * §SHOWDOWN STAGE, the hibernation sequence: cards for the crew from the weaponry column, the crew pool
 * (the Remora token, a halon blast per full compartment, one more with 2 players), the lifeform's pick
 * from the energy column, those left on the Valley Forge killed, hostility tokens from the red claws.
 */
export function startShowdown(cx: Cx, ending: 'b' | 'c', keep: string | null): void {
  const s = cx.s;
  const weaponry = s.board.loadout.find((c) => c.id === 'weaponry');
  const energy = s.board.loadout.find((c) => c.id === 'energy');
  const halon = s.board.loadout.find((c) => c.id === 'halon');
  const filled = s.loadout.weaponry ?? 0;
  const share = filled > 0 ? (weaponry?.spaces[filled - 1]?.value ?? 0) : 0;
  let blasts = 0;
  let covered = 0;
  for (const size of halon?.compartments ?? []) {
    covered += size;
    if ((s.loadout.halon ?? 0) >= covered) blasts++;
  }
  if (s.seats === 2) blasts++;
  const seen = energy?.spaces[s.loadout.energy ?? 0]?.value ?? 0;
  for (const ch of s.characters.filter((c) => c.at !== REMORA)) {
    s.characters = s.characters.filter((c) => c.id !== ch.id);
    s.dead.push(ch.id);
    tell(cx, 'crew.killed', { characterKey: `character.${ch.id}.name`, seat: ch.owner });
    advanceHostility(cx, 2);
  }
  let claws = 0;
  for (let i = 0; i <= s.hostility; i++) claws = Math.max(claws, s.board.hostility[i]?.claw ?? 0);
  s.stack = [];
  s.phase = 'showdown';
  s.showdown = { ending, pool: { remora: true, halon: blasts }, tokens: claws, keep, last: null, out: [], fight: null };
  tell(cx, `ending.${ending}`, { textKey: `endings.${ending}` });
  tell(cx, 'showdown.start', { cards: share, halon: blasts, tokens: claws });
  const tasks: ({ k: 'share'; left: number } | { k: 'lfPick'; cards: string[] })[] = [];
  if (share > 0 && survivors(s).length > 0) tasks.push({ k: 'share', left: share });
  if (seen > 0) {
    const before = s.lfHand.length;
    lifeformDraw(cx, seen);
    const drawn = s.lfHand.splice(before);
    if (drawn.length > 0) tasks.push({ k: 'lfPick', cards: drawn });
  }
  queue(cx, ...tasks);
}

/** Legal showdown commands of a seat for the top task. */
export function showdownCommands(s: LifeformState, seat: number): GameCommand[] {
  const t = top(s);
  const sd = s.showdown;
  if (!t || !sd) return [];
  if (t.k === 'share') return survivors(s).includes(seat) ? survivors(s).map((to) => cmd('share', { seat: to })) : [];
  if (t.k === 'lfPick') return seat === s.lifeformSeat ? [...new Set(t.cards)].map((card) => cmd('keep', { card })) : [];
  if (t.k !== 'fight') return [];
  const f = sd.fight;
  const alive = survivors(s).filter((x) => !sd.out.includes(x));
  if (f === null) {
    if (seat !== s.lifeformSeat) return [];
    const targets = alive.length === 1 ? alive : alive.filter((x) => x !== sd.last);
    return targets.map((to) => cmd('target', { seat: to }));
  }
  if (f.stage === 'card') {
    if (seat !== s.lifeformSeat) return [];
    const out: GameCommand[] = [];
    for (const card of new Set(s.lfHand)) {
      for (let n = 0; n <= sd.tokens; n++) {
        out.push(cmd('fight', { card, tokens: n, stowaway: false }));
        if (sd.keep !== null) out.push(cmd('fight', { card, tokens: n, stowaway: true }));
      }
    }
    return out;
  }
  if (f.stage === 'cancel') {
    if (seat !== f.target) return [];
    const out = [cmd('face')];
    if (!f.cancelTried) {
      if (sd.pool.halon > 0) out.push(cmd('cancel', { item: 'halon' }));
      if (sd.pool.remora) out.push(cmd('cancel', { item: 'remora' }));
      if (alive.some((x) => (s.hands[String(x)] ?? []).some((c) => cardOf(c) === s.board.miningLaser))) out.push(cmd('cancel', { item: 'laser' }));
    }
    return out;
  }
  if (f.stage === 'trim') return seat === s.lifeformSeat ? [...new Set(f.remaining)].map((icon) => cmd('drop', { icon })) : [];
  if (seat !== f.target) return [];
  const out: GameCommand[] = [cmd('yield')];
  for (const card of new Set(s.hands[String(seat)] ?? [])) if (crewShowdownIcons(s, card).length > 0) out.push(cmd('match', { card }));
  if ((s.data[String(seat)] ?? 0) > 0) for (const icon of new Set(f.remaining)) if (f.remaining.filter((x) => x === icon).length >= 2) out.push(cmd('data', { icon }));
  if (s.characters.filter((c) => c.owner === seat).length >= 2) for (const c of s.characters.filter((x) => x.owner === seat)) out.push(cmd('sacrifice', { who: c.id }));
  return out;
}

function fightOf(s: LifeformState): NonNullable<ShowdownState['fight']> {
  return (s.showdown as ShowdownState).fight as NonNullable<ShowdownState['fight']>;
}

/** Applies a showdown command (legality was checked against `showdownCommands`). */
export function applyShowdown(cx: Cx, seat: number, c: GameCommand): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  const a = c.args as Record<string, any>;
  switch (c.type) {
    case 'share': {
      const t = top(s) as { k: 'share'; left: number };
      const card = s.crewDeck.shift() ?? s.crewDiscard.shift();
      t.left--;
      if (card !== undefined) {
        (s.hands[String(a.seat)] as string[]).push(card);
        cx.revealed = true;
        tell(cx, 'showdown.shared', { seat: a.seat });
      }
      if (t.left <= 0 || card === undefined) {
        s.stack.pop();
        for (const x of survivors(s)) checkHandLimit(cx, x);
      }
      return;
    }
    case 'keep': {
      const t = s.stack.pop() as { k: 'lfPick'; cards: string[] };
      const rest = [...t.cards];
      rest.splice(rest.indexOf(a.card), 1);
      s.lfHand.push(a.card);
      s.lfDiscard.push(...rest);
      tell(cx, 'showdown.lifeformPicked');
      if (s.lfHand.length > lifeformHandSize(s)) queue(cx, { k: 'lfDiscard' });
      return;
    }
    case 'target':
      sd.fight = { target: a.seat, card: null, tokens: 0, stowaway: false, remaining: [], spare: 0, cancelTried: false, stage: 'card' };
      sd.last = a.seat;
      tell(cx, 'showdown.target', { seat: a.seat });
      return;
    case 'fight': {
      const f = fightOf(s);
      s.lfHand.splice(s.lfHand.indexOf(a.card), 1);
      f.card = a.card;
      f.tokens = a.tokens;
      f.stowaway = a.stowaway;
      sd.tokens -= a.tokens;
      f.stage = 'cancel';
      tell(cx, 'showdown.fight', { tokens: a.tokens, stowaway: a.stowaway });
      return;
    }
    case 'cancel': {
      const others = survivors(s).filter((x) => x !== seat && !sd.out.includes(x));
      tell(cx, 'showdown.cancelProposed', { seat, item: a.item });
      if (others.length === 0) cancelFight(cx, a.item);
      else queue(cx, { k: 'agree', seats: others, purpose: 'cancel', item: a.item });
      return;
    }
    case 'face':
      revealFight(cx);
      return;
    case 'drop': {
      const f = fightOf(s);
      f.remaining.splice(f.remaining.indexOf(a.icon), 1);
      if (f.remaining.length <= MAX_FIGHT_ICONS) f.stage = 'match';
      return;
    }
    case 'match': {
      const f = fightOf(s);
      const hand = s.hands[String(seat)] as string[];
      hand.splice(hand.indexOf(a.card), 1);
      discardCrew(cx, a.card);
      for (const icon of crewShowdownIcons(s, a.card)) {
        if (icon === 'harpoon') f.remaining.splice(0, 3);
        else if (f.remaining.includes(icon)) f.remaining.splice(f.remaining.indexOf(icon), 1);
        else f.spare++;
      }
      while (f.spare >= 2 && f.remaining.length > 0) {
        f.spare -= 2;
        f.remaining.shift();
      }
      tell(cx, 'showdown.matched', { seat, cardKey: `crew.${cardOf(a.card)}.name`, left: f.remaining.length });
      settleFight(cx);
      return;
    }
    case 'data': {
      const f = fightOf(s);
      s.data[String(seat)] = (s.data[String(seat)] ?? 1) - 1;
      for (let i = 0; i < 2; i++) f.remaining.splice(f.remaining.indexOf(a.icon), 1);
      tell(cx, 'showdown.data', { seat, left: f.remaining.length });
      settleFight(cx);
      return;
    }
    case 'sacrifice': {
      const f = fightOf(s);
      s.characters = s.characters.filter((x) => x.id !== a.who);
      s.dead.push(a.who);
      f.remaining.shift();
      tell(cx, 'showdown.sacrifice', { characterKey: `character.${a.who}.name`, left: f.remaining.length });
      settleFight(cx);
      return;
    }
    case 'yield':
      eliminate(cx, fightOf(s).target);
      return;
  }
}

/** The crew agreed to cancel the fight with an item (§THE LIFEFORM INITIATES A FIGHT step 3). */
export function cancelFight(cx: Cx, item: string): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  const f = fightOf(s);
  if (item === 'halon') sd.pool.halon--;
  if (item === 'remora') sd.pool.remora = false;
  if (item === 'laser') {
    for (const x of survivors(s)) {
      const hand = s.hands[String(x)] as string[];
      const i = hand.findIndex((c) => cardOf(c) === s.board.miningLaser);
      if (i >= 0) {
        hand.splice(i, 1);
        s.laser = 'gone';
        break;
      }
    }
  }
  cx.revealed = true;
  tell(cx, 'showdown.cancelled', { item, cardKey: `lifeform.card.${cardOf(f.card as string)}.name` });
  s.lfDiscard.push(f.card as string);
  if (f.stowaway) sd.keep = null;
  nextFight(cx);
}

/** A refused cancel: the crew must face this fight. */
export function refuseCancel(cx: Cx): void {
  fightOf(cx.s).cancelTried = true;
}

/** §THE LIFEFORM INITIATES A FIGHT step 4: the fight card is shown; more than five icons are trimmed by the lifeform. */
function revealFight(cx: Cx): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  const f = fightOf(s);
  const icons = [...(s.board.showdown[cardOf(f.card as string)] ?? []), ...Array.from({ length: f.tokens }, () => 'claw')];
  if (f.stowaway && sd.keep !== null) icons.push(...(s.board.stowaways[sd.keep]?.showdown ?? []));
  f.remaining = icons;
  cx.revealed = true;
  tell(cx, 'showdown.revealed', { cardKey: `lifeform.card.${cardOf(f.card as string)}.name`, icons: icons.join(',') });
  f.stage = icons.length > MAX_FIGHT_ICONS ? 'trim' : 'match';
  settleFight(cx);
}

function settleFight(cx: Cx): void {
  const f = fightOf(cx.s);
  if (f.stage === 'match' && f.remaining.length === 0) {
    tell(cx, 'showdown.survived', { seat: f.target });
    closeFight(cx);
  }
}

function eliminate(cx: Cx, seat: number): void {
  const s = cx.s;
  for (const ch of s.characters.filter((c) => c.owner === seat)) s.dead.push(ch.id);
  s.characters = s.characters.filter((c) => c.owner !== seat);
  for (const card of (s.hands[String(seat)] ?? []).splice(0)) discardCrew(cx, card);
  s.data[String(seat)] = 0;
  (s.showdown as ShowdownState).out.push(seat);
  tell(cx, 'showdown.eliminated', { seat });
  closeFight(cx);
}

function closeFight(cx: Cx): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  const f = fightOf(s);
  s.lfDiscard.push(f.card as string);
  if (f.stowaway) sd.keep = null;
  nextFight(cx);
}

/** §SHOWDOWN STAGE: fights go on while a crew member survives and the lifeform holds a card. */
function nextFight(cx: Cx): void {
  const s = cx.s;
  const sd = s.showdown as ShowdownState;
  sd.fight = null;
  if (survivors(s).length === 0) {
    end(cx, 'lifeform', 'showdownLifeform', sd.ending);
    return;
  }
  if (s.lfHand.length === 0) end(cx, 'crew', 'showdownCrew', sd.ending);
}

/** After hibernation and between fights: the next fight, or the end. */
export function showdownStep(cx: Cx): void {
  const s = cx.s;
  if (s.outcome) return;
  if (survivors(s).length === 0) {
    end(cx, 'lifeform', 'showdownLifeform', (s.showdown as ShowdownState).ending);
    return;
  }
  if (s.lfHand.length === 0) {
    end(cx, 'crew', 'showdownCrew', (s.showdown as ShowdownState).ending);
    return;
  }
  queue(cx, { k: 'fight' });
}
