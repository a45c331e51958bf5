import type { GameCommand } from '../../../core/index.ts';
import type { Cx } from '../flow.ts';
import { execIcon, here, iconOptions, removeTerror, type SoloChoice } from './actions.ts';
import { chooseOption, drawCrisis, pay, runEffects } from './crisis.ts';
import { addFear, alien, canReduce, chamberKey, destroyAndroid, discardCard, draw, hand, isVent, limit, lose, outage, push, say, sdAdvance, sdStep, soloOf, stowaway, topTask } from './flow.ts';
import { launchRemora, syncConflict } from './launch.ts';
import { applyConflict } from './conflict.ts';
import type { ConflictCommand } from './conflict-types.ts';
import type { LifeformPack } from '../content.ts';
import { advanceLifeform, elude, resolveProximity } from './motion.ts';
import { taskCommands } from './legal.ts';
import { handCardKey, keptIcon, spare, unclamp } from './remora.ts';
import { applyShuttle } from './shuttlecraft.ts';
import { androidStep, hystericalEnd, hystericalPhase, outageBonus } from './variants.ts';

/** Applies one legal solo command (legal.ts said so), then runs the order of play to the next choice. */
export function applySolo(cx: Cx, c: GameCommand, pack?: LifeformPack): void {
  const s = cx.s;
  const so = soloOf(s);
  const t = topTask(s);
  const a = c.args as Record<string, any>;
  if (!t) return;
  switch (c.type) {
    case 'soloPick':
      so.stack.pop();
      so.character = a.character;
      s.picks['0'] = [a.character];
      s.characters = [{ id: a.character, owner: 0, at: so.def.start, hidden: false, skill: false, survival: false, heat: false }];
      s.phase = 'crew';
      s.round = 0;
      say(cx, 'picked', { characterKey: `character.${a.character}.name` });
      break;
    case 'collect':
      so.stack.pop();
      collect(cx, a.column);
      break;
    case 'launch':
      launchRemora(cx, pack);
      break;
    case 'conflictAttack':
    case 'conflictHalon':
    case 'conflictAirlock':
    case 'conflictLocker':
    case 'conflictDiscard':
    case 'conflictGiveUp': {
      if (!so.conflict) return;
      const r = applyConflict(so.conflict, c as ConflictCommand, cx.rng);
      if (!r.ok) return;
      so.conflict = r.state;
      syncConflict(cx, r.events, r.revealed);
      return;
    }
    case 'unclamp':
      unclamp(cx);
      break;
    case 'spare':
      if (t.k !== 'spare') return;
      so.stack.pop();
      spare(cx, a.column);
      break;
    case 'confront':
    case 'hunt':
    case 'guess':
      applyShuttle(cx, c, pack);
      break;
    case 'equip':
      activity(cx);
      // Draw 2, then the lifeform: the hand limit (pushed last) is settled before the advance.
      alien(cx, 1);
      draw(cx, 2);
      break;
    case 'wait':
      activity(cx);
      say(cx, 'waited');
      alien(cx, 1);
      break;
    case 'play': {
      activity(cx);
      // Mod C: a kept crisis card plays its one icon.
      const kept = keptIcon(s, a.card);
      const icons = kept !== null ? [kept] : [...(s.board.crew[a.card.slice(0, a.card.lastIndexOf('.'))]?.rows[a.row] ?? [])];
      discardCard(cx, a.card);
      say(cx, 'played', { cardKey: handCardKey(s, a.card), row: a.row });
      push(cx, { k: 'row', card: a.card, icons, done: icons.map(() => false) });
      break;
    }
    case 'heat':
      activity(cx);
      so.heat = 0;
      say(cx, 'heat');
      draw(cx, 2);
      break;
    case 'laser': {
      activity(cx);
      const target = s.android.at ?? here(s);
      const card = hand(s).find((x) => x.startsWith(`${s.board.miningLaser}.`));
      if (card) discardCard(cx, card);
      s.laser = 'gone';
      outage(cx, target);
      destroyAndroid(cx);
      say(cx, 'laser');
      break;
    }
    case 'act': {
      if (t.k !== 'row') return;
      const { i, ...choice } = a as { i: number } & SoloChoice;
      t.done[i] = true;
      execIcon(cx, t.icons[i] as string, choice);
      break;
    }
    case 'discard':
      if (t.k !== 'discard') return;
      discardCard(cx, a.card);
      t.n--;
      if (t.n <= 0) so.stack.splice(so.stack.lastIndexOf(t), 1);
      break;
    case 'crisis':
      if (t.k === 'crisis') chooseOption(cx, t, a.option);
      break;
    case 'skip':
      so.stack.pop();
      say(cx, 'noOption');
      break;
    case 'pay':
      if (t.k === 'pay') pay(cx, t, a.card, a.trait);
      break;
    case 'reduce':
      if (t.k !== 'reduce') return;
      if (a.card !== undefined) discardCard(cx, a.card);
      else so.tokens[a.token as 'survival' | 'thirtySecond']--;
      t.n--;
      say(cx, 'reduced', { what: t.what, n: t.n });
      if (t.n <= 0) so.stack.pop();
      break;
    case 'allow':
      if (t.k !== 'reduce') return;
      so.stack[so.stack.length - 1] = t.what === 'alien' ? { k: 'advance', n: t.n } : { k: 'sd', n: t.n };
      break;
    case 'path':
      if (t.k === 'path') advanceLifeform(cx, t, a.to);
      break;
    case 'proximity':
      if (t.k === 'proximity') resolveProximity(cx, t, a);
      break;
    case 'elude':
      if (t.k === 'proximity') elude(cx, t, a.cards);
      break;
    case 'trait':
      trait(cx, a.area, a.use);
      break;
    case 'fear':
      if (t.k !== 'terrorMeet') return;
      so.stack.pop();
      removeTerror(cx, t.chamber);
      addFear(cx);
      if (!s.outcome) push(cx, { k: 'drawCrisis' });
      break;
    case 'survive':
      so.tokens.survival--;
      say(cx, 'survive');
      push(cx, { k: 'discard', n: 1, why: 'survival' });
      draw(cx, 1);
      break;
    case 'harpoon':
      if (a.card !== undefined) discardCard(cx, a.card);
      else so.tokens.harpoon--;
      removeTerror(cx, a.chamber);
      break;
    case 'ventAt': {
      so.stack.pop();
      const supplies = so.def.supplies ?? '';
      if (a.chamber !== supplies) s.mission[supplies] = Math.max(0, (s.mission[supplies] ?? 0) - 1);
      so.vents.push(a.chamber);
      say(cx, 'vent', { chamberKey: chamberKey(a.chamber) });
      break;
    }
    case 'sdStowaway':
      so.stack.pop();
      if (a.energy) {
        s.loadout.energy = Math.max(0, (s.loadout.energy ?? 0) - 1);
        say(cx, 'energyLost');
      } else stowaway(cx);
      break;
    case 'strip':
      if (t.k !== 'strip') return;
      s.loadout[a.column] = Math.max(0, (s.loadout[a.column] ?? 0) - 1);
      say(cx, 'stripped', { column: a.column });
      t.left--;
      if (t.left <= 0) so.stack.pop();
      break;
    case 'keep': {
      if (t.k !== 'keep') return;
      so.stack.pop();
      const rest = [...t.cards];
      rest.splice(rest.indexOf(a.card), 1);
      hand(s).push(a.card);
      if (rest.length > 0) push(cx, { k: 'side', cards: rest });
      limit(cx);
      break;
    }
    case 'unpower':
    case 'shiftOutage':
      if (t.k !== 'outageBonus') return;
      so.stack.pop();
      outageBonus(cx, a.chamber, a.to);
      break;
    case 'android':
      if (t.k !== 'androidMove') return;
      so.stack.pop();
      androidStep(cx, a.to);
      break;
    case 'side':
      if (t.k !== 'side') return;
      so.stack.splice(so.stack.lastIndexOf(t), 1);
      if (a.top) s.crewDeck.unshift(...t.cards);
      else s.crewDeck.push(...t.cards);
      break;
    default:
  }
  runSolo(cx);
}

/** The activity was chosen: the activity task leaves, and movement repercussions compare with where it began. */
function activity(cx: Cx): void {
  const so = soloOf(cx.s);
  const i = so.stack.findLastIndex((x) => x.k === 'activity');
  if (i >= 0) so.stack.splice(i, 1);
  so.startedIn = here(cx.s);
}

function collect(cx: Cx, column: string): void {
  // Step 1 and EXPLORE share the loadout rules (actions.ts).
  execIcon(cx, 'explore', { column });
}

/** A trait spent: draw 4 keep 1 (the trait leaves the game), or a terror token met removed (the trait to the Remora). */
function trait(cx: Cx, area: string, use: 'draw' | 'terror'): void {
  const s = cx.s;
  const so = soloOf(s);
  const tr = so.traits.find((x) => x.area === area && x.state === 'ready');
  if (!tr) return;
  if (use === 'terror') {
    const t = topTask(s);
    if (t?.k !== 'terrorMeet') return;
    so.stack.pop();
    tr.state = 'remora';
    so.remora.traits.push(tr.id);
    removeTerror(cx, t.chamber);
    say(cx, 'traitUsed', { areaKey: `solo.solo.traitAreas.${area}.name` });
    return;
  }
  tr.state = 'gone';
  const cards: string[] = [];
  for (let i = 0; i < 4; i++) {
    if (s.crewDeck.length === 0 && s.crewDiscard.length > 0) {
      s.crewDeck.push(...cx.rng.shuffle(s.crewDiscard));
      s.crewDiscard.length = 0;
    }
    const c = s.crewDeck.shift();
    if (c !== undefined) cards.push(c);
  }
  say(cx, 'traitDraw', { area, n: cards.length });
  if (cards.length > 0) push(cx, { k: 'keep', cards });
}

/** A new round: collect, draw, the activity, movement repercussions, the self-destruct step and the android phase. */
function startRound(cx: Cx): void {
  const s = cx.s;
  s.round++;
  s.phase = 'crew';
  soloOf(s).startedIn = here(s);
  say(cx, 'round', { round: s.round });
  push(cx, { k: 'collect' }, { k: 'draw' }, { k: 'activity' }, { k: 'repercussions', from: here(s) }, { k: 'endRound' });
}

/** §STEP 4: moved during the activity: a dark chamber costs a self-destruct step and a lifeform step; a vent chamber sends its chit to the container and moves the lifeform; any other chamber draws a crisis card. */
function repercussions(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  const at = here(s);
  if (at === so.startedIn) return;
  const tasks: Parameters<typeof push>[1][] = [];
  if (s.outages.includes(at)) tasks.push({ k: 'reduce', what: 'sd', n: 1 }, { k: 'reduce', what: 'alien', n: 1 });
  if (isVent(s, at)) {
    const i = so.killedChits.indexOf(at);
    if (i >= 0) {
      so.killedChits.splice(i, 1);
      so.container.killed++;
      say(cx, 'chitToContainer');
    }
    tasks.push({ k: 'reduce', what: 'alien', n: 1 });
  } else tasks.push({ k: 'drawCrisis' });
  push(cx, ...tasks);
}

/** §2 ANDROID PHASE (solo): one step along the AI path unless it shares the player's chamber ("YOU ARE BECOMING HYSTERICAL": towards the player, variants.ts). */
function androidPhase(cx: Cx): void {
  const s = cx.s;
  const a = s.android;
  if (soloOf(s).variants.hysterical) {
    hystericalPhase(cx);
    return;
  }
  if (a.state !== 'active' || a.at === null || a.at === here(s)) return;
  const path = s.board.androidPath;
  const next = path[path.indexOf(a.at) + 1];
  if (next !== undefined) androidStep(cx, next);
}

/** Runs everything that needs no choice until the player must choose or the game ends. */
export function runSolo(cx: Cx): void {
  const s = cx.s;
  const so = soloOf(s);
  for (let guard = 0; guard < 10_000 && !s.outcome; guard++) {
    const t = topTask(s);
    if (!t) {
      startRound(cx);
      continue;
    }
    switch (t.k) {
      case 'character':
      case 'activity':
      case 'pay':
      case 'path':
      case 'vent':
      case 'keep':
      case 'side':
      case 'conflict':
      case 'crisis':
      case 'spare':
      case 'shuttle':
      case 'guess':
      case 'androidMove':
        return;
      case 'outageBonus':
        if (taskCommands(s, t).length > 0) return;
        so.stack.pop();
        continue;
      case 'androidEnd':
        so.stack.pop();
        hystericalEnd(cx);
        continue;
      case 'collect':
        if ((s.mission[here(s)] ?? 0) > 0 && taskCommands(s, t).some((c) => c.type === 'collect')) return;
        so.stack.pop();
        continue;
      case 'draw':
        so.stack.pop();
        draw(cx, 1);
        continue;
      case 'row':
        t.icons.forEach((icon, i) => {
          if (!t.done[i] && iconOptions(s, icon).length === 0) t.done[i] = true;
        });
        if (t.done.every(Boolean)) {
          so.stack.splice(so.stack.lastIndexOf(t), 1);
          continue;
        }
        return;
      case 'discard':
        if (hand(s).length === 0) {
          so.stack.pop();
          continue;
        }
        return;
      case 'repercussions':
        so.stack.pop();
        repercussions(cx);
        continue;
      case 'endRound':
        so.stack.pop();
        push(cx, { k: 'android' });
        sdAdvance(cx, 1);
        continue;
      case 'android':
        so.stack.pop();
        androidPhase(cx);
        continue;
      case 'drawCrisis':
        so.stack.pop();
        drawCrisis(cx);
        continue;
      case 'effects':
        runEffects(cx, t);
        continue;
      case 'reduce':
        if (canReduce(s, t.what)) return;
        so.stack[so.stack.length - 1] = t.what === 'alien' ? { k: 'advance', n: t.n } : { k: 'sd', n: t.n };
        continue;
      case 'advance':
        advanceLifeform(cx, t);
        continue;
      case 'sd':
        t.n--;
        if (t.n <= 0) so.stack.pop();
        sdStep(cx);
        continue;
      case 'proximity':
        if (taskCommands(s, t).length > 0) return;
        say(cx, 'proximity.caught');
        lose(cx, 'proximity');
        return;
      case 'terrorMeet':
        if (!s.terrors.includes(t.chamber) || here(s) !== t.chamber) {
          so.stack.pop();
          continue;
        }
        return;
      case 'stowawayOrEnergy':
        if ((s.loadout.energy ?? 0) > 0) return;
        so.stack.pop();
        stowaway(cx);
        continue;
      case 'strip':
        if (t.left > 0 && Object.values(s.loadout).some((n) => n > 0)) return;
        so.stack.pop();
        continue;
    }
  }
}
