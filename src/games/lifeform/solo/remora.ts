import type { GameCommand } from '../../../core/index.ts';
import type { CrisisEffect } from '../content-solo.ts';
import type { LifeformPack } from '../content.ts';
import type { Cx } from '../flow.ts';
import type { LifeformState } from '../state.ts';
import { collectOnto, here, openColumns } from './actions.ts';
import type { FightIcon } from './conflict-types.ts';
import { alien, hand, limit, push, say, sdAdvance, soloOf } from './flow.ts';
import type { RemoraDef, SearchState, SoloDef, SoloState } from './state.ts';

/*
 * 13th Passenger, MOD C: SOLO CRISIS AND SEARCH – the Remora board during the starship stage: tokens on
 * its chambers, the life support track and its supplemental zones, the docking clamps track (crisis
 * cards and MANUALLY UNLOCKING A DOCKING CLAMP), and the crisis cards kept as action cards. The
 * post-launch shuttlecraft phase is shuttlecraft.ts.
 */

type SoloSection = NonNullable<LifeformPack['solo']>['solo'];

/** Whether a game plays Mod C: the option `mods=search` and a pack with the Remora board and the five shuttlecraft locations. */
export function searchOn(pack: LifeformPack, mods: readonly string[] | undefined): boolean {
  return (mods ?? []).includes('search') && pack.solo?.solo.remora !== undefined && (pack.expansions?.passenger?.shuttlecraft?.locations.length ?? 0) > 0;
}

/** The compiled Mod C parts of the solo definition (absent keys when the pack has none, so older packs compile as before). */
export function searchDef(pack: LifeformPack, solo: SoloSection): Pick<SoloDef, 'remora' | 'kept'> {
  const r = solo.remora;
  const locations = pack.expansions?.passenger?.shuttlecraft?.locations ?? [];
  const kept: Record<string, string> = {};
  for (const c of solo.crisis) for (const o of c.options) for (const e of o.effects) if (e.op === 'keepCard') kept[c.id] = e.icon;
  const remora: RemoraDef | undefined =
    r && locations.length > 0
      ? {
          chambers: locations.map((l) => l.id),
          clamps: r.clamps,
          manual: { ...r.manual },
          lifeSupport: [...r.lifeSupport],
          zone: [...r.zone] as FightIcon[],
          searchTokens: r.searchTokens.map((t) => [...t] as FightIcon[]),
        }
      : undefined;
  return { ...(remora ? { remora } : {}), ...(Object.keys(kept).length > 0 ? { kept } : {}) };
}

/** §MOD C setup: a spare token on the start spaces of the docking clamps and life support tracks, no chamber cleared. */
export function searchSetup(): SearchState {
  return { chambers: [], clamps: 0, lifeSupport: 0, halon: 0, manual: 0, survival: false, cards: null, choice: null, hidden: null, guess: null };
}

export const searchOf = (s: LifeformState): SearchState | undefined => soloOf(s).search;

const remoraOf = (so: SoloState): RemoraDef => so.def.remora as RemoraDef;

/** The clamps track as the table shows it: at its end once the umbilicus objective is gained (any way). */
export function clampsShown(so: SoloState): number {
  if (!so.search) return 0;
  return so.objectives.umbilicus ? remoraOf(so).clamps : so.search.clamps;
}

/** CRISIS CARDS / INITIALIZING THE LIFE SUPPORT SYSTEMS: a token on a Remora chamber; a chamber that has one advances life support. */
export function placeToken(cx: Cx, chamber: string): void {
  const so = soloOf(cx.s);
  const st = so.search;
  if (!st) return;
  if (!st.chambers.includes(chamber)) {
    st.chambers.push(chamber);
    say(cx, 'search.token', { roomKey: `location.${chamber}.name`, n: st.chambers.length });
    return;
  }
  const zones = remoraOf(so).lifeSupport;
  if (st.lifeSupport >= zones.length) {
    say(cx, 'search.lifeSupportFull', { roomKey: `location.${chamber}.name` });
    return;
  }
  const bonus = zones[st.lifeSupport] as 'mission' | 'halon';
  st.lifeSupport++;
  say(cx, 'search.lifeSupport', { roomKey: `location.${chamber}.name`, space: st.lifeSupport, bonus });
  if (bonus === 'halon') st.halon++;
  else if (openColumns(cx.s).length > 0) push(cx, { k: 'spare' });
}

/** UNLOCKING THE DOCKING CLAMPS: one space on; the last gains the umbilicus objective. Once it is gained any way, the track is no longer considered. */
export function unlockClamp(cx: Cx, manual = false): void {
  const so = soloOf(cx.s);
  const st = so.search;
  if (!st || so.objectives.umbilicus) return;
  st.clamps = Math.min(remoraOf(so).clamps, st.clamps + 1);
  say(cx, manual ? 'search.manual' : 'search.clamp', { clamps: st.clamps, of: remoraOf(so).clamps });
  if (st.clamps >= remoraOf(so).clamps) {
    so.objectives.umbilicus = true;
    say(cx, 'objective', { objective: 'umbilicus' });
  }
}

/** The Mod C crisis effects (content-solo.ts `searchOps`). */
export function searchEffect(cx: Cx, e: CrisisEffect, card: string): void {
  const so = soloOf(cx.s);
  if (!so.search) return;
  switch (e.op) {
    case 'remora':
      placeToken(cx, e.chamber);
      return;
    case 'clamp':
      unlockClamp(cx);
      return;
    case 'keepCard': {
      const instance = `${card}.1`;
      if (hand(cx.s).includes(instance)) return;
      hand(cx.s).push(instance);
      say(cx, 'search.kept', { cardKey: `solo.solo.crisis.${card}.name` });
      limit(cx);
      return;
    }
    case 'remoraSurvival':
      if (so.search.survival) return;
      so.search.survival = true;
      say(cx, 'search.zoneSurvival');
      return;
    default:
  }
}

/** MANUALLY UNLOCKING A DOCKING CLAMP: in the Shuttle Bay, the other two must-complete objectives done, the umbilicus not, at most `times` times. */
export function canUnclamp(s: LifeformState): boolean {
  const so = soloOf(s);
  const st = so.search;
  if (!st || !so.def.remora) return false;
  const o = so.objectives;
  return here(s) === s.board.places.shuttleBay && o.cat && o.data && !o.umbilicus && st.manual < so.def.remora.manual.times && st.clamps < so.def.remora.clamps;
}

/** The clamp moves one space; the self-destruct tracker advances its minutes and the lifeform comes one space closer (the self-destruct first). */
export function unclamp(cx: Cx): void {
  const so = soloOf(cx.s);
  const st = so.search;
  if (!st || !canUnclamp(cx.s)) return;
  const m = remoraOf(so).manual;
  st.manual++;
  unlockClamp(cx, true);
  alien(cx, m.alien);
  sdAdvance(cx, m.minutes);
}

/** A life support zone's spare mission token onto a loadout column, as a collected one (bonuses and the energy column's combat token included). */
export function spare(cx: Cx, column: string): void {
  const s = cx.s;
  const at = here(s);
  s.mission[at] = (s.mission[at] ?? 0) + 1;
  say(cx, 'search.spare');
  collectOnto(cx, column);
}

export const spareCommands = (s: LifeformState): GameCommand[] => openColumns(s).map((column) => ({ type: 'spare', args: { column } }));

const cardIdOf = (instance: string): string => instance.slice(0, instance.lastIndexOf('.'));

/** A kept crisis card's crew icon (Mod C), or null for a crew card. */
export function keptIcon(s: LifeformState, instance: string): string | null {
  if (s.board.crew[cardIdOf(instance)]) return null;
  return s.solo?.def.kept?.[cardIdOf(instance)] ?? null;
}

/** The pack text key naming a card of the solo hand: a crew card, or a kept crisis card. */
export function handCardKey(s: LifeformState, instance: string): string {
  const id = cardIdOf(instance);
  return !s.board.crew[id] && s.solo?.def.crisis[id] ? `solo.solo.crisis.${id}.name` : `crew.${id}.name`;
}

/** The shuttlecraft chamber cards left once the rooms holding a token are cleared (board order). */
export function shuttleCards(so: SoloState): string[] {
  const st = so.search;
  if (!st || !so.def.remora) return [];
  return so.def.remora.chambers.filter((c) => !st.chambers.includes(c));
}
