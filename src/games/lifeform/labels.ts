import type { CommandLabel, GameCommand, Json, TextLine } from '../../core/index.ts';
import { textKeys as K } from './content.ts';
import type { PassengerView } from './render-view.ts';
import type { LifeformState } from './state.ts';
import { describeSolo, soloLabel } from './solo/labels.ts';

/**
 * How a Lifeform command reads on Discord (issue 15 conventions: human labels, names never ids) and how
 * it ranks. Codes live in the `lf` namespace (src/discord/locales/<lang>/lf.json); `…Key` params are pack
 * text keys; `image` is 0–2 and reads as A/B/C. A label names that seat's own cards, so a label that
 * names a secret is marked `secret` and the table only reads that the seat chose (the turn message's line).
 */

/** Lower first: answers the game waits for, then the main turn actions, then passing/stopping. */
// "No reaction" and "Let it stand" come first, so their button is never among those cut when a window offers more than 25.
const RANK: Readonly<Record<string, number>> = {
  noReaction: 0, react: 1, allow: 0, counter: 1, noise: 0, panic: 0, agree: 0, decide: 0, pick: 0, calibrate: 0, stowaway: 0,
  control: 0, ghost: 0, remove: 0, strip: 0, keep: 0, share: 0, target: 0, fight: 0, cancel: 0, face: 1, drop: 0, match: 0, data: 1,
  sacrifice: 2, yield: 9, act: 0, step: 0, stop: 5, discard: 0, collect: 0, image: 0, outage: 0, terror: 0, cat: 0, unpower: 0,
  shiftOutage: 0, unmission: 0, android: 0, skip: 6, play: 10, lurk: 12, vent: 14, equip: 15, skill: 20, heat: 21, laser: 22, cell: 23,
  catMove: 24, catAboard: 25, roleCard: 26, roleToken: 27, launch: 30, pass: 40,
  keepEvolution: 0, cancelEvolution: 0, addEvolution: 3, catMatch: 1, noHelp: 8,
  hide: 0, reveal: 0, search: 0, noSearch: 1, kill: 0,
};

/**
 * Worth a button on the turn message: answers to a question, and the few whole-turn choices. Never a
 * choice naming a secret card (a lifeform cancel): the turn message is public, so those go by DM.
 */
const COMMON = new Set(['noReaction', 'allow', 'noise', 'agree', 'decide', 'stop', 'skip', 'face', 'yield', 'lurk', 'vent', 'equip', 'heat', 'launch', 'pass', 'catAboard', 'noHelp', 'catMatch', 'noSearch']);

/**
 * Commands whose label names a seat's secret (a card from its hand, the real image, a ghost, the stowaway,
 * an objective's option, a hiding place): the table is told only that the seat chose in secret.
 */
const SECRET = new Set(['pick', 'calibrate', 'stowaway', 'keep', 'discard', 'lurk', 'fight', 'match', 'ghost', 'counter', 'decide', 'hide']);

const ORDINALS = ['first', 'second', 'third'] as const;

const base = (instance: string): string => instance.replace(/\.\d+$/, '');

/** The pack text key of a card instance (`dash.2`), whichever deck it comes from. */
export function cardKey(s: LifeformState, instance: string): string {
  const id = base(instance);
  if (s.board.crew[id]) return K.crew(id);
  if (s.board.lifeform[id]) return K.lifeform(id);
  if (s.board.roles.cat.cards[id]) return `roles.cat.cards.${id}.name`;
  if (s.board.roles.sister.cards[id]) return `roles.sister.cards.${id}.name`;
  if (s.board.stowaways[id]) return K.stowaway(id);
  return K.crew(id);
}

type Params = Record<string, string | number | boolean>;

/** The parameters a command's arguments give its label. */
function paramsOf(s: LifeformState, a: Record<string, unknown>): Params {
  const p: Params = {};
  if (typeof a.card === 'string') p.cardKey = cardKey(s, a.card);
  if (typeof a.who === 'string') p.characterKey = K.character(a.who);
  if (typeof a.character === 'string') p.characterKey = K.character(a.character);
  if (typeof a.chamber === 'string') p.chamberKey = K.chamber(a.chamber);
  if (typeof a.to === 'string') p.toKey = K.chamber(a.to);
  if (Array.isArray(a.to) && a.to.length > 0) p.toKey = K.chamber(String(a.to[a.to.length - 1]));
  if (typeof a.image === 'number') p.image = a.image;
  if (typeof a.row === 'number') p.row = a.row + 1;
  if (typeof a.n === 'number') p.n = a.n;
  if (typeof a.seat === 'number') p.seat = a.seat;
  if (typeof a.column === 'string') p.column = a.column;
  if (typeof a.option === 'number') p.option = a.option + 1;
  if (typeof a.i === 'number') p.i = a.i + 1;
  if (typeof a.icon === 'string') p.icon = a.icon;
  if (typeof a.tokens === 'number') p.tokens = a.tokens;
  if (typeof a.item === 'string') p.item = a.item;
  if (typeof a.mode === 'string') p.mode = a.mode;
  if (typeof a.ability === 'string') p.ability = a.ability;
  if (typeof a.track === 'number') p.track = a.track + 1;
  if (typeof a.role === 'string') p.role = a.role;
  if (Array.isArray(a.characters)) {
    p.characterKey = K.character(String(a.characters[0]));
    p.otherKey = K.character(String(a.characters[1]));
  }
  if (Array.isArray(a.discard)) p.n = a.discard.length;
  if (Array.isArray(a.split)) {
    // Rules 2: the hibernation split, one count per surviving crew seat in turn order.
    const seats = s.crewSeats.filter((x) => s.characters.some((c) => c.owner === x));
    a.split.forEach((n, i) => {
      p[`${ORDINALS[i] ?? 'third'}Seat`] = seats[i] ?? 0;
      p[`${ORDINALS[i] ?? 'third'}N`] = Number(n);
    });
  }
  if (typeof a.data === 'string') p.icon = a.data;
  // 13th Passenger, Mod D: shuttlecraft locations by name, a search by a character or a halon gas blast.
  if (typeof a.location === 'string') p.locationKey = `location.${a.location}.name`;
  if (typeof a.tokens === 'string') p.tokensKey = `location.${a.tokens}.name`;
  if (typeof a.by === 'string' && a.by !== 'halon') p.characterKey = K.character(a.by);
  return p;
}

/** The code of a command's label: a few types read differently by their arguments. */
function codeOf(command: GameCommand): string {
  const a = command.args as Record<string, unknown>;
  switch (command.type) {
    case 'noise':
      return a.noisy ? 'lf.label.noise.noisy' : 'lf.label.noise.silent';
    case 'agree':
      return a.yes ? 'lf.label.agree.yes' : 'lf.label.agree.no';
    case 'fight':
      return a.stowaway ? 'lf.label.fight.stowaway' : 'lf.label.fight.plain';
    case 'panic':
      return typeof a.to === 'string' ? 'lf.label.panic.to' : 'lf.label.panic.stay';
    case 'control':
      return typeof a.role === 'string' ? 'lf.label.control.role' : 'lf.label.control.character';
    case 'act':
      if (typeof a.data === 'string') return 'lf.label.act.data';
      return typeof a.to !== 'undefined' ? (typeof a.who === 'string' ? 'lf.label.act.moveWho' : 'lf.label.act.move') : typeof a.chamber === 'string' ? 'lf.label.act.chamber' : typeof a.image === 'number' ? 'lf.label.act.image' : 'lf.label.act.plain';
    case 'step':
      return typeof a.image === 'number' ? 'lf.label.step.image' : 'lf.label.step.character';
    case 'laser':
      return a.android ? 'lf.label.laser.android' : 'lf.label.laser.image';
    case 'react':
      return typeof a.to !== 'undefined' ? 'lf.label.react.run' : 'lf.label.react.plain';
    case 'search':
      return a.by === 'halon' ? 'lf.label.search.halon' : 'lf.label.search.disk';
    case 'share':
      return Array.isArray(a.split) ? `lf.label.shareSplit.${['one', 'two', 'three'][a.split.length - 1] ?? 'three'}` : 'lf.label.share';
    default:
      return `lf.label.${command.type}`;
  }
}

/** How a Lifeform command reads and ranks (`labelCommand` of the game module). */
export function labelLifeformCommand(s: LifeformState, command: GameCommand): CommandLabel {
  if (s.solo) return soloLabel(s, command);
  return {
    code: codeOf(command),
    params: paramsOf(s, command.args as Record<string, unknown>),
    rank: RANK[command.type] ?? 50,
    common: COMMON.has(command.type),
    ...(SECRET.has(command.type) ? { secret: true } : {}),
  };
}

interface PublicLf {
  readonly round?: number;
  readonly phase?: string;
  readonly lifeformSeat?: number;
  readonly characters?: readonly { id: string; owner: number; at: string; hidden: boolean }[];
  readonly images?: readonly { id: number; at: string | null }[];
  readonly android?: { state: string; at: string | null };
  readonly tracks?: { selfDestruct: number; minute: number | null; malfunction: number; cocoon: number; hostility: number };
  readonly outcome?: unknown;
  readonly stowawayToken?: boolean;
  readonly dataTokens?: Readonly<Record<string, readonly string[]>>;
  readonly evolution?: { readonly pairs: readonly (readonly string[])[]; readonly held: readonly string[] };
  readonly passenger?: PassengerView | null;
}

/** The table in words from the public view only (the picture's alt text): never which image is real. */
export function describeLifeformView(view: Json): readonly TextLine[] {
  if ((view as { solo?: unknown } | null)?.solo) return describeSolo(view);
  const v = (view ?? {}) as PublicLf;
  const lines: TextLine[] = [{ code: 'lf.alt.round', params: { round: v.round ?? 0, phase: v.phase ?? '' } }];
  const tr = v.tracks;
  if (tr) lines.push({ code: 'lf.alt.tracks', params: { sd: tr.selfDestruct, malfunction: tr.malfunction, cocoon: tr.cocoon, hostility: tr.hostility } });
  for (const c of v.characters ?? []) {
    lines.push({ code: c.hidden ? 'lf.alt.characterHidden' : 'lf.alt.character', params: { characterKey: K.character(c.id), ownerSeat: c.owner, chamberKey: K.chamber(c.at) } });
  }
  for (const i of v.images ?? []) {
    if (i.at !== null) lines.push({ code: 'lf.alt.image', params: { image: i.id, chamberKey: K.chamber(i.at) } });
  }
  if (v.android && v.android.at !== null) lines.push({ code: 'lf.alt.android', params: { chamberKey: K.chamber(v.android.at), state: v.android.state } });
  return [...lines, ...tokenLines(v)];
}

/** Rules 2 and 13th Passenger tokens in words, from the public view (the hiding place only once it shows it). */
function tokenLines(v: PublicLf): TextLine[] {
  const lines: TextLine[] = [];
  if (v.stowawayToken) lines.push({ code: 'lf.alt.stowawayToken' });
  for (const icon of v.evolution?.held ?? []) lines.push({ code: 'lf.alt.evolutionHeld', params: { icon } });
  for (const [first, second] of v.evolution?.pairs ?? []) lines.push({ code: 'lf.alt.evolutionPair', params: { first: first ?? '', second: second ?? '' } });
  for (const [seat, icons] of Object.entries(v.dataTokens ?? {})) for (const icon of icons) lines.push({ code: 'lf.alt.dataToken', params: { ownerSeat: Number(seat), icon } });
  const a = v.passenger?.asteroids;
  if (a?.struck) lines.push({ code: 'lf.alt.asteroidStruck', params: { cardKey: `asteroid.${a.struck}.name` } });
  else if (a && a.minutes.length > 0) lines.push({ code: 'lf.alt.asteroids', params: { minutes: a.minutes.join(', '), n: a.minutes.length } });
  const h = v.passenger?.hunt;
  if (!h || h.stage === 'wait') return lines;
  const at = (id: string): string => `location.${id}.name`;
  if (h.tokensAt) lines.push({ code: 'lf.alt.huntTokens', params: { locationKey: at(h.tokensAt) } });
  for (const x of h.searched) lines.push(x.by === 'halon' ? { code: 'lf.alt.huntSearchedHalon', params: { locationKey: at(x.location) } } : { code: 'lf.alt.huntSearched', params: { locationKey: at(x.location), characterKey: K.character(x.by) } });
  for (const r of h.revealed) lines.push({ code: 'lf.alt.huntRevealed', params: { locationKey: at(r) } });
  const last = h.searched[h.searched.length - 1];
  if (h.found && last) lines.push({ code: 'lf.alt.huntFound', params: { locationKey: at(last.location) } });
  else if (h.at !== undefined) lines.push({ code: 'lf.alt.huntUnfound', params: { locationKey: at(h.at) } });
  return lines;
}
