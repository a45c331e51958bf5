import { canonicalJson, draftCopy, ok, reject, type DecideContext, type GameCommand, type Outcome, type Rejection, type Result } from '../../core/index.ts';
import type { CrewIcon, LifeformIcon, LifeformPack } from './content.ts';
import { characterById } from './board.ts';
import { passReaction, playReaction, resolveNoise, resolveReaction, takeControl } from './attack.ts';
import { activateAbility, applyCrew, chamberKey, collectFrom, stepCharacter, type Choice } from './crew-actions.ts';
import { launch, proposeLaunch } from './endgame.ts';
import { advanceHostility, advanceSelfDestruct, applyEffects, crewDraw, destroyAndroid, discardCrew, lifeformDraw, lifeformHandSize, placeToken, tell, queue, top, type Cx } from './flow.ts';
import { applyLifeform, type LfChoice } from './lifeform-actions.ts';
import { clean, imageNear, legalCommands } from './legal.ts';
import { cardOf, type LifeformState, type Task } from './state.ts';
import { applyShowdown, cancelFight, refuseCancel } from './showdown.ts';
import { applyRole } from './roles.ts';
import { applyEvolution } from './evolution.ts';
import { applyHunt } from './mods.ts';
import { advance, consequences, moveAndroid } from './order.ts';
import { why } from './why.ts';
import { applySolo } from './solo/rules.ts';
import { conflictAccepts } from './solo/legal.ts';

type T<K extends Task['k']> = Extract<Task, { k: K }>;

/**
 * Decides one command: legal exactly when it is among `legalCommands` for the acting seat; otherwise
 * refused with the rule that forbids it (why.ts). Then the game runs on until someone must choose.
 * A replay of a command these rules accepted (`ctx.trusted`) skips the legality check, and one that
 * owns the snapshot (`ctx.owned`) changes it in place: the two costs that dominate a replay.
 */
export function decideCommand(state: LifeformState, command: GameCommand, ctx: DecideContext): Result<Outcome<LifeformState>, Rejection> {
  const seat = ctx.seat;
  if (seat === null) return reject('lifeform.host.notASeat');
  if (ctx.trusted !== true && !isLegal(state, seat, command)) {    const r = why(state, seat, command);
    return reject(r.code, r.params);
  }
  const s = ctx.owned === true ? state : draftCopy(state);
  const cx: Cx = { s, rng: ctx.rng, events: [], revealed: false };
  if (s.solo) {
    // Dragon's Domain (solo/): its own order of play; every draw comes from the game's seeded chance.
    applySolo(cx, command, ctx.pack as LifeformPack | undefined);
    return ok({ state: s, events: cx.events, revealed: cx.revealed });
  }
  apply(cx, seat, command);
  advance(cx);
  return ok({ state: s, events: cx.events, revealed: cx.revealed });
}

function isLegal(state: LifeformState, seat: number, command: GameCommand): boolean {
  const wanted = canonicalJson({ type: command.type, args: clean(command.args) });
  // Solo shuttle conflict: a free-form payment that matches is legal though not listed (conflict.ts `conflictRefusal`).
  return legalCommands(state, seat, command).some((c) => c.type === command.type && canonicalJson(c) === wanted) || conflictAccepts(state, seat, command);
}

function apply(cx: Cx, seat: number, c: GameCommand): void {
  const s = cx.s;
  const t = top(s) as Task;
  const a = c.args as Record<string, any>;
  switch (c.type) {
    case 'pick':
      s.picks[String(seat)] = [...(a.characters as string[])];
      tell(cx, 'setup.picked', { seat });
      return;
    case 'outage':
      placeToken(cx, 'outage', a.chamber);
      if (t.k === 'outage') t.placed.push(a.chamber);
      else s.stack.pop();
      return;
    case 'terror':
      placeToken(cx, 'terror', a.chamber);
      s.stack.pop();
      return;
    case 'skip':
      s.stack.pop();
      return;
    case 'image': {
      const free = s.images.indexOf(null);
      s.images[free] = a.chamber;
      tell(cx, 'image.placed', { image: free, chamberKey: chamberKey(a.chamber) });
      if (t.k === 'image') t.left--;
      else s.stack.pop();
      return;
    }
    case 'calibrate':
      s.real = a.image;
      s.stack.pop();
      tell(cx, 'calibrated');
      tell(cx, 'secret.calibrated', { image: a.image }, s.lifeformSeat);
      return;
    case 'decide': {
      const obj = s.objectives[String(seat)] as string;
      s.stack.pop();
      s.objectivesDone.push(obj);
      tell(cx, 'objective.decided', { seat, objectiveKey: `objective.${obj}.name`, option: a.option });
      applyEffects(cx, seat, s.board.objectives[obj]?.decide[a.option] ?? []);
      return;
    }
    case 'collect': {
      const ch = characterById(s, a.who) as { at: string };
      (t as T<'turn'>).collected.push(a.who);
      collectFrom(cx, seat, ch.at, a.column);
      return;
    }
    case 'equip':
      s.stack.pop();
      tell(cx, 'crew.equip', { seat, n: a.n });
      crewDraw(cx, seat, a.n);
      advanceSelfDestruct(cx, (a.n as number) - 1);
      return;
    case 'play': {
      const side = seat === s.lifeformSeat ? 'lifeform' : 'crew';
      s.stack.pop();
      const icons = side === 'crew' ? (s.board.crew[cardOf(a.card)]?.rows[a.row] ?? []) : (s.board.lifeform[cardOf(a.card)]?.rows[a.row] ?? []);
      if (side === 'crew') {
        const hand = s.hands[String(seat)] as string[];
        hand.splice(hand.indexOf(a.card), 1);
        discardCrew(cx, a.card);
        tell(cx, 'crew.played', { seat, cardKey: `crew.${cardOf(a.card)}.name`, row: a.row });
      } else {
        s.lfHand.splice(s.lfHand.indexOf(a.card), 1);
        s.lfDiscard.push(a.card);
        tell(cx, 'lifeform.played', { cardKey: `lifeform.card.${cardOf(a.card)}.name`, row: a.row });
      }
      queue(cx, { k: 'row', seat, side, icons: [...icons], done: icons.map(() => false), moved: [], by: null });
      return;
    }
    case 'skill':
      s.stack.pop();
      activateAbility(cx, seat, characterById(s, a.who) as NonNullable<ReturnType<typeof characterById>>, 'skill');
      return;
    case 'heat': {
      s.stack.pop();
      const ch = s.characters.find((x) => x.owner === seat && x.heat);
      if (ch) ch.heat = false;
      tell(cx, 'crew.heat', { seat });
      crewDraw(cx, seat, 2);
      if (!imageNear(s, seat)) lifeformDraw(cx, 1);
      return;
    }
    case 'laser': {
      s.stack.pop();
      const hand = s.hands[String(seat)] as string[];
      hand.splice(hand.findIndex((x) => cardOf(x) === s.board.miningLaser), 1);
      s.laser = 'gone';
      let at: string;
      if (a.android) {
        at = s.android.at as string;
        destroyAndroid(cx);
      } else {
        at = s.images[a.image] as string;
        s.images[a.image] = a.to;
        for (const card of s.lfHand.splice(0)) s.lfDiscard.push(card);
        tell(cx, 'crew.laser.image', { image: a.image, chamberKey: chamberKey(a.to) });
      }
      if (at !== s.board.places.shuttleBay && !s.outages.includes(at) && s.outagePool > 0) placeToken(cx, 'outage', at);
      advanceHostility(cx, 1);
      return;
    }
    case 'cell': {
      s.stack.pop();
      const hand = s.hands[String(seat)] as string[];
      discardCrew(cx, hand.splice(hand.indexOf(a.card), 1)[0] as string);
      s.loadout.energy = (s.loadout.energy ?? 1) - 1;
      s.missionPool++;
      if (a.mode === 'electrify') {
        const targets = [s.board.places.shuttleBay, s.board.places.dockingHub].map((c) => s.images.indexOf(c)).filter((i) => i >= 0);
        targets.forEach((image, k) => {
          s.images[image] = (a.to as string[])[k] as string;
        });
        tell(cx, 'crew.electrify', { n: targets.length });
      } else {
        s.door = { link: a.link, half: false };
        s.bulkheadBy = seat;
        tell(cx, 'crew.bulkhead', { fromKey: chamberKey((a.link as string[])[0] as string), toKey: chamberKey((a.link as string[])[1] as string) });
      }
      return;
    }
    case 'pass':
      s.stack.pop();
      tell(cx, 'passed', { seat });
      return;
    case 'act': {
      const row = t as T<'row'>;
      const choice = { ...(a as Record<string, unknown>) } as Choice & { i?: number };
      delete choice.i;
      row.done[a.i] = true;
      const icon = row.icons[a.i] as string;
      if (row.side === 'crew') {
        const moved = applyCrew(cx, row.seat, icon as CrewIcon, choice);
        if (moved.length > 0 && top(s)?.k !== 'more') consequences(cx, moved);
      } else applyLifeform(cx, icon as LifeformIcon, choice as LfChoice);
      return;
    }
    case 'step': {
      const more = t as T<'more'>;
      more.left--;
      if (more.side === 'crew') {
        const ch = characterById(s, a.who) as NonNullable<ReturnType<typeof characterById>>;
        stepCharacter(cx, ch, a.to);
        if (!more.used.includes(ch.id)) more.used.push(ch.id);
        if (more.action === 'run' && s.terrors.includes(ch.at)) more.left = 0;
      } else {
        s.images[a.image] = a.to;
        tell(cx, 'image.moved', { image: a.image, chamberKey: chamberKey(a.to) });
        if (!more.used.includes(String(a.image))) more.used.push(String(a.image));
      }
      return;
    }
    case 'stop': {
      const more = s.stack.pop() as T<'more'>;
      if (more.side === 'crew') consequences(cx, more.used);
      return;
    }
    case 'discard':
      if (seat === s.lifeformSeat) {
        s.lfHand.splice(s.lfHand.indexOf(a.card), 1);
        s.lfDiscard.push(a.card);
        tell(cx, 'lifeform.discarded');
      } else {
        const hand = s.hands[String(seat)] as string[];
        hand.splice(hand.indexOf(a.card), 1);
        discardCrew(cx, a.card);
        tell(cx, 'crew.discarded', { seat, cardKey: `crew.${cardOf(a.card)}.name` });
      }
      return;
    case 'cat':
    case 'catMove':
    case 'catAboard':
    case 'roleCard':
    case 'roleToken':
      applyRole(cx, seat, c);
      return;
    case 'share':
    case 'keep':
    case 'target':
    case 'fight':
    case 'cancel':
    case 'face':
    case 'drop':
    case 'match':
    case 'data':
    case 'sacrifice':
    case 'catMatch':
    case 'noHelp':
    case 'yield':
      applyShowdown(cx, seat, c);
      return;
    case 'keepEvolution':
    case 'addEvolution':
    case 'cancelEvolution':
      applyEvolution(cx, c);
      return;
    case 'hide':
    case 'reveal':
    case 'search':
    case 'noSearch':
    case 'kill':
      applyHunt(cx, seat, c);
      return;
    case 'lurk': {
      s.stack.pop();
      for (const card of a.discard as string[]) {
        s.lfHand.splice(s.lfHand.indexOf(card), 1);
        s.lfDiscard.push(card);
      }
      tell(cx, 'lifeform.lurk', { discarded: (a.discard as string[]).length });
      lifeformDraw(cx, lifeformHandSize(s) - s.lfHand.length);
      return;
    }
    case 'vent':
      s.stack.pop();
      s.vents--;
      tell(cx, 'lifeform.vent');
      // Not a card: no evolution token may join it (§OPTIONAL: EVOLUTION TOKEN adds to an action card).
      queue(cx, { k: 'row', seat, side: 'lifeform', icons: ['vent'], done: [false], moved: [], by: null, ...(s.evolution ? { evolved: true as const } : {}) });
      return;
    case 'react':
      playReaction(cx, seat, { card: a.card, who: a.who, to: a.to });
      return;
    case 'noReaction':
      passReaction(cx, seat);
      return;
    case 'counter':
      resolveReaction(cx, a.card);
      return;
    case 'allow':
      resolveReaction(cx, false);
      return;
    case 'noise':
      resolveNoise(cx, a.noisy);
      return;
    case 'panic': {
      const p = t as T<'panic'>;
      p.left = p.left.filter((x) => x !== a.who);
      const ch = characterById(s, a.who);
      if (ch && a.to !== undefined) {
        stepCharacter(cx, ch, a.to);
        tell(cx, 'panic.moved', { characterKey: `character.${a.who}.name` });
      }
      return;
    }
    case 'control':
      takeControl(cx, seat, a);
      return;
    case 'ghost':
      s.images[a.image] = a.to;
      tell(cx, 'image.placed', { image: a.image, chamberKey: chamberKey(a.to) });
      if (t.k === 'ghosts') t.left = t.left.filter((x) => x !== a.image);
      else s.stack.pop();
      return;
    case 'remove':
      s.images[a.image] = null;
      s.stack.pop();
      tell(cx, 'image.removed', { image: a.image });
      return;
    case 'stowaway':
      s.stowaway = a.card;
      s.stack.pop();
      tell(cx, 'stowaway.chosen');
      return;
    case 'unpower':
      s.outages.splice(s.outages.indexOf(a.chamber), 1);
      s.outagePool++;
      s.stack.pop();
      tell(cx, 'token.outageRemoved', { chamberKey: chamberKey(a.chamber) });
      return;
    case 'shiftOutage':
      s.outages[s.outages.indexOf(a.chamber)] = a.to;
      s.stack.pop();
      tell(cx, 'token.outageMoved', { chamberKey: chamberKey(a.to) });
      return;
    case 'unmission':
      s.mission[a.chamber] = (s.mission[a.chamber] ?? 1) - 1;
      s.missionPool++;
      s.stack.pop();
      tell(cx, 'lifeform.missionRemoved', { chamberKey: chamberKey(a.chamber) });
      return;
    case 'strip': {
      const st = t as T<'strip'>;
      s.loadout[a.column] = (s.loadout[a.column] ?? 1) - 1;
      s.missionPool++;
      st.left--;
      tell(cx, 'android.stripped', { column: a.column });
      return;
    }
    case 'android':
      s.stack.pop();
      moveAndroid(cx, a.to, a.link);
      return;
    case 'launch':
      proposeLaunch(cx, seat);
      return;
    case 'agree': {
      const ag = t as T<'agree'>;
      if (!a.yes) {
        s.stack.pop();
        if (ag.purpose === 'cancel') refuseCancel(cx);
        tell(cx, ag.purpose === 'cancel' ? 'showdown.cancelRefused' : 'launch.refused', { seat });
        return;
      }
      ag.seats = ag.seats.filter((x) => x !== seat);
      if (ag.seats.length === 0) {
        s.stack.pop();
        if (ag.purpose === 'cancel') cancelFight(cx, ag.item ?? 'halon');
        else launch(cx);
      }
      return;
    }
  }
}
