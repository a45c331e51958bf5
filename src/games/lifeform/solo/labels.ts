import type { CommandLabel, GameCommand, Json, TextLine } from '../../../core/index.ts';
import type { LifeformState } from '../state.ts';
import { topTask } from './flow.ts';
import { handCardKey } from './remora.ts';
import { edgeParams } from './conflict-edge.ts';

type Params = Record<string, string | number | boolean>;

const chamberKey = (id: string): string => (id === 'remora' ? 'ship.remora.name' : `ship.chamber.${id}.name`);
const LETTERS = ['A', 'B', 'C'] as const;

/** Solo commands ranked: what a player most likely wants first. */
const RANK: Readonly<Record<string, number>> = { crisis: 1, path: 1, proximity: 2, elude: 3, collect: 2, play: 3, act: 2, equip: 4, wait: 5, heat: 4, laser: 4, launch: 0, allow: 2, reduce: 3, fear: 2, trait: 3, pay: 2, discard: 2, keep: 2, side: 2, unclamp: 3, spare: 2, confront: 1, hunt: 1, guess: 1, unpower: 2, shiftOutage: 2, android: 1 };
const COMMON = new Set(['wait', 'equip', 'allow', 'fear', 'launch', 'heat', 'crisis', 'path', 'side', 'sdStowaway', 'ventAt', 'skip', 'unclamp', 'spare', 'confront', 'hunt', 'guess', 'unpower', 'shiftOutage', 'android']);
/** Labels naming a card of the hand (the table hears only that a choice was made). */
const SECRET = new Set(['play', 'discard', 'keep', 'pay', 'elude', 'conflictAttack', 'conflictDiscard']);

/** How a solo command reads (`lifeform-solo.label.<type>` in src/i18n/locales/<lang>/lifeform-solo.json). */
export function soloLabel(s: LifeformState, c: GameCommand): CommandLabel {
  const a = c.args as Record<string, unknown>;
  const p: Params = {};
  if (typeof a.card === 'string') p.cardKey = handCardKey(s, a.card);
  if (typeof a.room === 'string') p.roomKey = `location.${a.room}.name`;
  if (Array.isArray(a.cards)) p.cards = (a.cards as string[]).length;
  if (typeof a.column === 'string') p.column = a.column;
  if (typeof a.chamber === 'string') p.chamberKey = chamberKey(a.chamber);
  if (typeof a.character === 'string') p.characterKey = `character.${a.character}.name`;
  if (typeof a.area === 'string') p.areaKey = `solo.solo.traitAreas.${a.area}.name`;
  if (typeof a.token === 'string') p.token = a.token;
  if (typeof a.row === 'number') p.row = a.row + 1;
  if (typeof a.top === 'boolean') p.top = a.top;
  if (typeof a.energy === 'boolean') p.energy = a.energy;
  if (typeof a.use === 'string') p.use = a.use;
  if (typeof a.data === 'string') p.dataIcon = a.data;
  if (a.lifeform === true) p.lifeform = true;
  if (Array.isArray(a.to)) p.chamberKey = chamberKey(String((a.to as string[]).at(-1)));
  if (typeof a.to === 'string') {
    if (c.type === 'shiftOutage') p.toKey = chamberKey(a.to);
    else if (c.type === 'android') p.chamberKey = chamberKey(a.to);
    else p.space = a.to;
  }
  if (Array.isArray(a.link)) {
    p.chamberKey = chamberKey(String((a.link as string[])[0]));
    p.otherKey = chamberKey(String((a.link as string[])[1]));
  }
  // A zone without a pack name (the Remora's extra zone) reads as its number once, not "zone 4 (zone 4; …)".
  let numbered = false;
  if (typeof a.zone === 'number') {
    const z = edgeParams({ zone: a.zone + 1 }, s.solo?.conflict);
    numbered = z.zoneCode === 'lifeform-conflict.zoneNumber';
    Object.assign(p, z, { zone: a.zone + 1 });
  }
  if (typeof a.survival === 'number') p.survival = a.survival;
  if (typeof a.pay === 'object' && a.pay !== null) {
    const pay = a.pay as { cards?: unknown[]; extinguisher?: string; traits?: unknown[]; torches?: number; harpoons?: number; data?: unknown[] };
    p.cards = pay.cards?.length ?? 0;
    p.tokens = (pay.extinguisher ? 1 : 0) + (pay.traits?.length ?? 0) + (pay.torches ?? 0) + (pay.harpoons ?? 0) + (pay.data?.length ?? 0);
  }
  const t = topTask(s);
  if (c.type === 'crisis' && t?.k === 'crisis' && typeof a.option === 'number') {
    p.letter = LETTERS[a.option] ?? String(a.option + 1);
    p.optionKey = `solo.solo.crisis.${t.card}.options.${a.option}.text`;
  }
  if (c.type === 'act' && t?.k === 'row' && typeof a.i === 'number') p.icon = String(t.icons[a.i] ?? '');
  if (c.type === 'unclamp') Object.assign(p, { minutes: s.solo?.def.remora?.manual.minutes ?? 0, alien: s.solo?.def.remora?.manual.alien ?? 0 });
  // A yes/no argument picks the label's words ("on top", "under the deck"), never "true" or "false" in the text.
  const choice = c.type === 'side' ? (a.top === true ? 'Top' : 'Bottom') : c.type === 'sdStowaway' ? (a.energy === true ? 'Energy' : 'Token') : '';
  const code = c.type === 'act' ? `lifeform-solo.label.act.${p.otherKey !== undefined ? 'link' : p.chamberKey !== undefined ? 'chamber' : p.column !== undefined ? 'column' : p.lifeform ? 'lifeform' : typeof a.data === 'string' ? 'data' : 'plain'}` : `lifeform-solo.label.${c.type}${numbered ? 'Numbered' : choice}`;
  return { code, params: p, rank: RANK[c.type] ?? 50, common: COMMON.has(c.type), ...(SECRET.has(c.type) ? { secret: true } : {}) };
}

interface SoloPublic {
  readonly round?: number;
  readonly tracks?: { readonly selfDestruct: number; readonly minute: number | null; readonly cocoon: number };
  readonly characters?: readonly { readonly id: string; readonly at: string }[];
  readonly android?: { readonly state: string; readonly at: string | null };
  readonly solo?: {
    readonly motion: string;
    readonly close: boolean;
    readonly nerve: number;
    readonly fear: number;
    readonly objectives: Readonly<Record<string, boolean>>;
    readonly tokens: Readonly<Record<string, number>>;
    readonly traits: readonly { readonly area: string; readonly state: string }[];
    readonly container: { readonly alive: number; readonly killed: number };
    readonly remora: { readonly stowaways: number };
    readonly search?: { readonly chambers: readonly string[]; readonly clamps: number; readonly lifeSupport: number; readonly choice?: string | null; readonly guess?: string | null; readonly hidden?: string | null };
  };
}

/** The solo table in words (alt text), from the public view only. */
export function describeSolo(view: Json): readonly TextLine[] {
  const v = (view ?? {}) as SoloPublic;
  const so = v.solo;
  if (!so) return [];
  const lines: TextLine[] = [{ code: 'lifeform-solo.alt.round', params: { round: v.round ?? 0, minute: v.tracks?.minute ?? 0 } }];
  for (const c of v.characters ?? []) lines.push({ code: 'lifeform-solo.alt.character', params: { characterKey: `character.${c.id}.name`, chamberKey: chamberKey(c.at) } });
  lines.push({ code: 'lifeform-solo.alt.motion', params: { space: so.motion, close: so.close } });
  lines.push({ code: 'lifeform-solo.alt.fear', params: { nerve: so.nerve, fear: so.fear } });
  const gained = Object.entries(so.objectives).filter(([, ok]) => ok).map(([k]) => k);
  lines.push({ code: 'lifeform-solo.alt.objectives', params: { n: gained.length, list: gained.join(', ') } });
  const held = Object.entries(so.tokens).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`);
  if (held.length > 0) lines.push({ code: 'lifeform-solo.alt.tokens', params: { list: held.join(', ') } });
  lines.push({ code: 'lifeform-solo.alt.traits', params: { ready: so.traits.filter((t) => t.state === 'ready').length, used: so.traits.filter((t) => t.state !== 'ready').length } });
  lines.push({ code: 'lifeform-solo.alt.container', params: { alive: so.container.alive, killed: so.container.killed, stowaways: so.remora.stowaways } });
  if (v.android && v.android.at !== null) lines.push({ code: 'lifeform-solo.alt.android', params: { chamberKey: chamberKey(v.android.at) } });
  if (so.search) lines.push({ code: 'lifeform-solo.alt.remora', params: { n: so.search.chambers.length, clamps: so.search.clamps, life: so.search.lifeSupport } });
  // Mod C's HUNT: the face-down card is named only once the view has it (after the guess).
  const hunt = so.search?.choice === 'hunt' ? so.search : null;
  if (hunt?.guess && hunt.hidden) lines.push({ code: 'lifeform-solo.alt.remoraHunt', params: { guessKey: `location.${hunt.guess}.name`, hiddenKey: `location.${hunt.hidden}.name` } });
  else if (hunt) lines.push({ code: 'lifeform-solo.alt.remoraHunting' });
  return lines;
}
