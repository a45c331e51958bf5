import { describeAdventure, inNexus } from './view-adventure.ts';
import type { CommandLabel, GameCommand, Json, TextLine } from '../../core/index.ts';
import { textKeys as K } from './content.ts';
import type { ComanautsState } from './state.ts';
import { prompts } from './view.ts';

/**
 * Ranks, lowest first: the answer or step the game waits for, then fighting and tests (what a turn is
 * spent on), walking, searching, the group task, help for others, item and dice shuffling, ending the
 * actions last. Rolling fewer dice ranks a little before rolling more.
 */
const RANK: Readonly<Record<string, number>> = {
  answer: 0, draw: 0, rollClarity: 0, melee: 10, ranged: 10, skillTest: 12, move: 20, search: 25, groupTask: 28,
  removeStatus: 30, ability: 32, useReserve: 38, reserve: 40, encourage: 45, equip: 50, focus: 55, endActions: 60,
};

/** Always worth a button on the turn message. */
const COMMON = new Set(['answer', 'draw', 'rollClarity', 'melee', 'ranged', 'endActions']);

function dice(args: Record<string, unknown>): { count: number; purple: number } {
  return { count: Number(args.count ?? 0), purple: Number(args.purple ?? 0) };
}

/** The colour of the die stored on the active player's sheet. */
function stored(s: ComanautsState): string {
  const die = s.players[s.active]?.stored;
  return die ? (s.dice.kinds[die] ?? 'purple') : 'purple';
}

/** How a Comanauts command reads in `/play` and on the turn message, and how it ranks. */
export function labelComanautsCommand(s: ComanautsState, command: GameCommand): CommandLabel {
  const args = command.args as Record<string, unknown>;
  const page = s.page.id;
  const base = RANK[command.type] ?? 70;
  const rolled = dice(args);
  const rank = base + (rolled.count + rolled.purple) / 10;
  const common = COMMON.has(command.type);
  const enemyKey = (): string => {
    const e = s.enemies.find((x) => x.uid === args.enemy);
    return e ? K.enemy(e.card) : '';
  };
  const code = `comanauts.label.${command.type}`;
  switch (command.type) {
    case 'answer': {
      const option = prompts(s)[0]?.options.find((o) => (o.command.args as { value?: unknown }).value === args.value);
      return option ? { ...option.label, rank, common } : { code: 'comanauts.label.answer', params: { value: String(args.value) }, rank, common };
    }
    case 'useReserve':
      return { code, params: { colour: stored(s) }, rank, common };
    case 'draw':
    case 'endActions':
    case 'rollClarity':
      return { code, params: { count: Number(args.count ?? 0) }, rank, common };
    case 'move':
      return { code, params: { colour: String(args.colour), spaceKey: K.space(page, String(args.to)) }, rank, common };
    case 'reserve':
      return { code, params: { colour: String(args.colour) }, rank, common };
    case 'encourage':
      return { code: `${code}.${String(args.mode)}`, params: { colour: String(args.colour), seat: Number(args.seat) }, rank, common };
    case 'equip': {
      const move = (args.moves as { item: string; seat: number; to: string }[] | undefined)?.[0];
      return { code, params: { colour: String(args.colour), itemKey: K.item(move?.item ?? ''), seat: move?.seat ?? 0, slot: move?.to ?? 'inventory' }, rank, common };
    }
    case 'focus': {
      const spend = (args.spend as string[] | undefined) ?? [];
      return { code, params: { first: spend[0] ?? '', second: spend[1] ?? '', take: String(args.take) }, rank, common };
    }
    case 'melee':
    case 'ranged':
      return { code, params: { enemyKey: enemyKey(), ...rolled }, rank, common };
    case 'search':
      return { code, params: { itemKey: K.item(String(args.item)), ...rolled }, rank, common };
    case 'skillTest':
      return { code, params: { testKey: K.test(page, String(args.test)), colour: String(args.colour), ...rolled }, rank, common };
    case 'removeStatus':
      return { code, params: { statusKey: K.status(String(args.status)), seat: Number(args.seat), colour: String(args.colour), ...rolled }, rank, common };
    case 'groupTask':
      return { code, params: { colour: String(args.colour), ...rolled }, rank, common };
    case 'door': {
      const door = (s.page.doors ?? []).find((x) => x.id === args.door);
      return { code, params: { colour: String(args.colour), space0Key: K.space(page, door?.between[0] ?? ''), space1Key: K.space(page, door?.between[1] ?? '') }, rank, common };
    }
    case 'environment':
      return typeof args.colour === 'string'
        ? { code, params: { cardKey: K.environment(String(args.card)), colour: args.colour, ...rolled }, rank, common }
        : { code: `${code}Use`, params: { cardKey: K.environment(String(args.card)) }, rank, common };
    case 'use':
      return { code, params: { itemKey: K.item(String(args.item)) }, rank, common };
    case 'ability':
      return typeof args.colour === 'string' ? { code: `${code}.fetch`, params: { colour: args.colour }, rank, common } : { code: `${code}.use`, rank, common };
    default:
      return { code: 'comanauts.label.other', params: { type: command.type }, rank, common };
  }
}

interface PublicPlayer {
  readonly seat: number;
  readonly life: number;
  readonly clarity: number;
  readonly stored: string | null;
  readonly place: 'morass' | { readonly space: string };
}

interface PublicEnemy {
  readonly card: string;
  readonly life: number;
  readonly place: { readonly space: string };
}

/**
 * Rules §THE NEXUS: no dice are rolled there, so the turn line says what the table waits for: whose vote
 * (and how many are cast), or the bookkeeper settling a tie, or who else must answer before the vote.
 */
function nexusTurnLine(view: { players: readonly unknown[]; active: number; adventure?: Json; prompt?: { seat: number; kind: string } | null }): TextLine {
  const votes = ((view.adventure as { votes?: readonly unknown[] } | undefined)?.votes ?? []).length;
  const prompt = view.prompt ?? null;
  if (prompt?.kind === 'nexusVote') return { code: 'comanauts.alt.nexusTurnVote', params: { seat: prompt.seat, cast: votes, total: view.players.length } };
  if (prompt?.kind === 'nexusTie') return { code: 'comanauts.alt.nexusTurnTie', params: { seat: prompt.seat } };
  return { code: 'comanauts.alt.nexusTurnWait', params: { seat: prompt?.seat ?? view.active } };
}

/** The table in words for the picture's alt text: page, round, whose turn, avatars, enemies, dice, group task. */
export function describeComanautsView(raw: Json): TextLine[] {
  const view = raw as unknown as {
    page: { id: string };
    round: number;
    active: number;
    phase: string;
    outcome: { phase: string } | null;
    players: readonly PublicPlayer[];
    enemies: readonly (PublicEnemy | null)[];
    dice: { bag: number; hand: readonly string[]; threat: readonly unknown[]; group: readonly { face: number | null }[] };
    situation: 'safe' | 'hostile';
    groupTask: { colour: string; target: number; done: boolean } | null;
    insight: number;
    vitalSigns?: { left: number; shown: readonly string[] };
    pageBook?: { doors: readonly { locked: boolean; between: readonly string[] }[]; objectives: readonly string[]; fire: readonly string[]; environment: readonly { id: string }[] };
    adventure?: Json;
    prompt?: { seat: number; kind: string } | null;
  };
  const page = view.page.id;
  const nexus = inNexus(view.adventure);
  const lines: TextLine[] = [nexus ? { code: 'comanauts.alt.nexusRound', params: { round: view.round } } : { code: 'comanauts.alt.page', params: { pageKey: K.page(page), round: view.round } }];
  if (view.outcome) lines.push({ code: 'comanauts.alt.over', params: { phase: view.outcome.phase } });
  else if (nexus) lines.push(nexusTurnLine(view));
  else lines.push({ code: 'comanauts.alt.turn', params: { seat: view.active, phase: view.phase, hand: view.dice.hand.length, bag: view.dice.bag } });
  // Issue 18: in the Nexus no page is played, so the table is the party, the Nexus and the notebook.
  if (nexus) {
    for (const p of view.players) lines.push({ code: 'comanauts.alt.playerNexus', params: { seat: p.seat, life: p.life, clarity: p.clarity } });
    lines.push({ code: 'comanauts.alt.insight', params: { insight: view.insight } });
    lines.push(...describeAdventure(view.adventure));
    return lines;
  }
  for (const p of view.players) {
    const params = { seat: p.seat, life: p.life, clarity: p.clarity };
    if (p.place === 'morass') lines.push({ code: 'comanauts.alt.playerMorass', params });
    else if (p.stored === null) lines.push({ code: 'comanauts.alt.player', params: { ...params, spaceKey: K.space(page, p.place.space) } });
    else lines.push({ code: 'comanauts.alt.playerStored', params: { ...params, spaceKey: K.space(page, p.place.space), stored: p.stored } });
  }
  lines.push({ code: 'comanauts.alt.threat', params: { situation: view.situation, threat: view.dice.threat.length } });
  for (const e of view.enemies) if (e) lines.push({ code: 'comanauts.alt.enemy', params: { enemyKey: K.enemy(e.card), life: e.life, spaceKey: K.space(page, e.place.space) } });
  if (view.groupTask) {
    const total = view.dice.group.reduce((sum, d) => sum + (d.face ?? 0), 0);
    lines.push({ code: view.groupTask.done ? 'comanauts.alt.groupDone' : 'comanauts.alt.group', params: { colour: view.groupTask.colour, target: view.groupTask.target, total } });
  }
  if (view.vitalSigns) {
    const shown = (card: string) => view.vitalSigns?.shown.filter((c) => c === card).length ?? 0;
    lines.push({ code: 'comanauts.alt.vital', params: { stable: shown('stable'), critical: shown('critical'), left: view.vitalSigns.left } });
  }
  lines.push({ code: 'comanauts.alt.insight', params: { insight: view.insight } });
  // Rules 3: what the book put on the page (Rules §Doors, §Page Setup, environment cards).
  const book = view.pageBook;
  for (const door of book?.doors ?? []) {
    lines.push({ code: door.locked ? 'comanauts.alt.doorLocked' : 'comanauts.alt.door', params: { space0Key: K.space(page, door.between[0] ?? ''), space1Key: K.space(page, door.between[1] ?? '') } });
  }
  for (const at of book?.objectives ?? []) lines.push({ code: 'comanauts.alt.objective', params: { spaceKey: K.space(page, at) } });
  for (const at of new Set(book?.fire ?? [])) lines.push({ code: 'comanauts.alt.fire', params: { spaceKey: K.space(page, at), n: book?.fire.filter((x) => x === at).length ?? 0 } });
  for (const card of book?.environment ?? []) lines.push({ code: 'comanauts.alt.environment', params: { cardKey: K.environment(card.id) } });
  // Rules 4: the Nexus and the shared notebook (Rules §The Nexus).
  lines.push(...describeAdventure(view.adventure));
  return lines;
}
