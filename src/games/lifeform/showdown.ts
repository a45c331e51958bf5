import type { GameCommand } from '../../core/index.ts';
import { advanceHostility, checkHandLimit, discardCrew, end, lifeformDraw, lifeformHandSize, queue, tell, top, type Cx } from './flow.ts';
import { cardOf, REMORA, rulesOf, type LifeformState, type ShowdownState } from './state.ts';
import { runsCat } from './roles.ts';
import { startHunt } from './mods.ts';

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
  if (t.k === 'share') {
    if (!survivors(s).includes(seat)) return [];
    if (rulesOf(s) < 2) return survivors(s).map((to) => cmd('share', { seat: to }));
    const n = Math.min(t.left, s.crewDeck.length + s.crewDiscard.length);
    return splits(n, survivors(s).length).map((split) => cmd('share', { split }));
  }
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
  if (rulesOf(s) >= 2 && seat !== f.target) return (f.helpers ?? []).includes(seat) ? [cmd('noHelp'), ...helpOptions(s, seat)] : [];
  if (seat !== f.target || f.done) return [];
  const out: GameCommand[] = [cmd('yield')];
  for (const card of new Set(s.hands[String(seat)] ?? [])) if (crewShowdownIcons(s, card).length > 0) out.push(cmd('match', { card }));
  out.push(...dataOptions(s, seat), ...sacrifices(s, seat));
  if (rulesOf(s) >= 2 && runsCat(s, seat) && f.remaining.length > 0) out.push(cmd('catMatch'));
  return out;
}

/** Every way to deal `n` cards among `k` seats (counts in seat order), the most even first. */
export function splits(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, prefix: number[]): void => {
    if (prefix.length === k - 1) {
      out.push([...prefix, left]);
      return;
    }
    for (let x = 0; x <= left; x++) walk(left - x, [...prefix, x]);
  };
  if (k > 0) walk(n, []);
  const spread = (xs: number[]): number => Math.max(...xs) - Math.min(...xs);
  return out.sort((a, b) => spread(a) - spread(b));
}

/**
 * §SHOWDOWN STAGE step 5, data token: two fight icons identical to the token's own (rules 2 with the pack's
 * data tokens), or to each other (rules 1: the tokens carry no icon).
 */
function dataOptions(s: LifeformState, seat: number): GameCommand[] {
  const f = fightOf(s);
  const pairs = (icon: string): boolean => f.remaining.filter((x) => x === icon).length >= 2;
  const tokens = s.dataTokens?.[String(seat)];
  if (tokens !== undefined) return [...new Set(tokens)].filter(pairs).map((icon) => cmd('data', { icon }));
  if ((s.data[String(seat)] ?? 0) === 0) return [];
  return [...new Set(f.remaining)].filter(pairs).map((icon) => cmd('data', { icon }));
}

/** Surplus character: a crew member with two surviving characters may remove one (§SHOWDOWN STAGE step 5). */
function sacrifices(s: LifeformState, seat: number): GameCommand[] {
  const mine = s.characters.filter((c) => c.owner === seat);
  return mine.length >= 2 && fightOf(s).remaining.length > 0 ? mine.map((c) => cmd('sacrifice', { who: c.id })) : [];
}

/**
 * Rules 2: what another seat may do on the target's behalf (§SHOWDOWN STAGE step 5): a surviving crew
 * member with two characters removes one; the ship's cat player removes the cat; the SIS-TER player spends
 * a data token.
 */
function helpOptions(s: LifeformState, seat: number): GameCommand[] {
  const sd = s.showdown as ShowdownState;
  const f = fightOf(s);
  if (f.remaining.length === 0 || sd.out.includes(seat)) return [];
  const role = s.roles[String(seat)];
  if (role === 'sister') return dataOptions(s, seat);
  if (role === 'cat') return runsCat(s, seat) ? [cmd('catMatch')] : [];
  return sacrifices(s, seat);
}

/** Rules 2: the fight's icons are set; the seats that may help are asked along with the target. */
function openMatch(s: LifeformState): void {
  const f = fightOf(s);
  f.stage = 'match';
  if (rulesOf(s) >= 2) {
    f.done = false;
    f.helpers = s.crewSeats.filter((x) => x !== f.target && helpOptions(s, x).length > 0);
  }
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
      if (Array.isArray(a.split)) {
        // Rules 2: the crew's split decided as one choice, cards dealt unseen in seat order.
        const to = survivors(s);
        (a.split as number[]).forEach((n, i) => {
          for (let k = 0; k < n; k++) {
            const card = s.crewDeck.shift() ?? s.crewDiscard.shift();
            if (card === undefined) return;
            (s.hands[String(to[i])] as string[]).push(card);
          }
          if (n > 0) tell(cx, 'showdown.sharedSplit', { seat: to[i] as number, n });
        });
        cx.revealed = true;
        s.stack.pop();
        for (const x of to) checkHandLimit(cx, x);
        return;
      }
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
      if (f.remaining.length <= MAX_FIGHT_ICONS) openMatch(s);
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
      const tokens = s.dataTokens?.[String(seat)];
      if (tokens) tokens.splice(tokens.indexOf(a.icon), 1);
      for (let i = 0; i < 2; i++) f.remaining.splice(f.remaining.indexOf(a.icon), 1);
      tell(cx, 'showdown.data', { seat, left: f.remaining.length });
      if (s.roles[String(seat)] === 'sister' && (s.data[String(seat)] ?? 0) === 0) roleOut(cx, seat);
      settleFight(cx);
      return;
    }
    case 'catMatch': {
      const f = fightOf(s);
      if (s.cat) s.cat.gone = true;
      f.remaining.shift();
      tell(cx, 'showdown.cat', { seat, left: f.remaining.length });
      if (s.roles[String(seat)] === 'cat') roleOut(cx, seat);
      settleFight(cx);
      return;
    }
    case 'noHelp': {
      const f = fightOf(s);
      f.helpers = (f.helpers ?? []).filter((x) => x !== seat);
      tell(cx, 'showdown.noHelp', { seat });
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
      if (rulesOf(s) < 2) {
        eliminate(cx, fightOf(s).target);
        return;
      }
      fightOf(s).done = true;
      tell(cx, 'showdown.targetDone', { seat });
      settleFight(cx);
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
  if (icons.length > MAX_FIGHT_ICONS) f.stage = 'trim';
  else openMatch(s);
  settleFight(cx);
}

function settleFight(cx: Cx): void {
  const s = cx.s;
  const f = fightOf(s);
  if (f.stage !== 'match') return;
  if (f.remaining.length === 0) {
    tell(cx, 'showdown.survived', { seat: f.target });
    closeFight(cx);
    return;
  }
  if (rulesOf(s) < 2) return;
  f.helpers = (f.helpers ?? []).filter((x) => helpOptions(s, x).length > 0);
  // The target gave up matching and nobody else may still help: the unmatched icons eliminate it (step 6).
  if (f.done && f.helpers.length === 0) eliminate(cx, f.target);
}

/** A cat or SIS-TER player whose part in the showdown is over (§SHOWDOWN STAGE): eliminated from the game. */
function roleOut(cx: Cx, seat: number): void {
  const sd = cx.s.showdown as ShowdownState;
  if (!sd.out.includes(seat)) sd.out.push(seat);
  tell(cx, 'showdown.roleEliminated', { seat });
}

function eliminate(cx: Cx, seat: number): void {
  const s = cx.s;
  for (const ch of s.characters.filter((c) => c.owner === seat)) s.dead.push(ch.id);
  s.characters = s.characters.filter((c) => c.owner !== seat);
  for (const card of (s.hands[String(seat)] ?? []).splice(0)) discardCrew(cx, card);
  s.data[String(seat)] = 0;
  if (s.dataTokens?.[String(seat)]) s.dataTokens[String(seat)] = [];
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
  // 13th Passenger, Mod D: the hunt comes before the first fight.
  if (startHunt(cx)) return;
  queue(cx, { k: 'fight' });
}
