import type { CommandLabel, GameCommand, Json, TextLine } from '../../core/index.ts';
import type { ComaWardPack } from './content.ts';
import { cardOf } from './engine/hallucination.ts';
import { reachable, spaceKey } from './engine/movement.ts';
import { itemId, type CwState } from './state.ts';

/** Lowest first: answers the game waits for, then the main actions, moves, items, and ending the turn. */
const RANK: Readonly<Record<string, number>> = {
  narrate: 0, botRead: 5, choose: 0, answer: 0, defend: 0, dodge: 0, takeItem: 0, ride: 0, tradeAnswer: 0, discard: 0,
  reveal: 1, rummage: 10, attack: 12, steal: 13, medicine: 14, pickup: 15, move: 20, elevator: 22, neurosis: 30,
  use: 40, trade: 45, drop: 50, declare: 55, entity: 56, endturn: 60,
};
const COMMON = new Set(['narrate', 'choose', 'answer', 'defend', 'tradeAnswer', 'ride', 'reveal', 'rummage', 'pickup', 'endturn']);

const itemKey = (u: unknown): string => `item.${itemId(String(u))}.name`;

/** How a Coma Ward command reads (names, never ids; seats become names at the edge) and how it ranks. */
export function labelComaWardCommand(s: CwState, pack: ComaWardPack, command: GameCommand): CommandLabel {
  const a = command.args as Record<string, unknown>;
  const code = `comaward.label.${command.type}`;
  const rank = RANK[command.type] ?? 70;
  const common = COMMON.has(command.type);
  const target = (): Record<string, string | number> => {
    const t = String(a['target']);
    const actor = s.phenomenon?.actors.find((x) => x.uid === t);
    return actor ? { actorKey: `phenomenon.${s.phenomenon?.id}.${actor.kind}.${actor.card}.name` } : { targetSeat: Number(t) };
  };
  switch (command.type) {
    case 'move': {
      const to = String(a['to']);
      const cost = reachable(s, pack).get(to) ?? 0;
      return { code, params: { spaceKey: spaceKey(pack, to, s), cost }, rank: rank + cost / 10, common: false };
    }
    case 'ride':
      return a['floor'] === undefined ? { code: 'comaward.label.stay', rank, common } : { code, params: { floorKey: `board.floor.${String(a['floor'])}.name` }, rank, common };
    case 'attack':
    case 'steal':
      return { code: 'actorKey' in target() ? 'comaward.label.attackEnemy' : code, params: target(), rank, common };
    case 'medicine':
      return { code, params: { ...target(), itemKey: itemKey(a['item']) }, rank, common };
    case 'defend':
      return { code: `comaward.label.defend.${String(a['how'])}`, rank, common };
    case 'dodge':
      return { code, params: { spaceKey: spaceKey(pack, String(a['to']), s) }, rank, common };
    case 'takeItem':
    case 'use':
    case 'drop':
    case 'discard':
      return { code, params: { itemKey: itemKey(a['item']) }, rank, common };
    case 'trade': {
      const give = (a['give'] as string[] | undefined) ?? [];
      const take = (a['take'] as string[] | undefined) ?? [];
      if (give.length > 0 && take.length === 0 && give.length === 1) return { code: 'comaward.label.give', params: { targetSeat: Number(a['with']), itemKey: itemKey(give[0]) }, rank, common };
      if (take.length === 1 && give.length === 0) return { code: 'comaward.label.ask', params: { targetSeat: Number(a['with']), itemKey: itemKey(take[0]) }, rank, common };
      return { code, params: { targetSeat: Number(a['with']), give: give.length, take: take.length }, rank, common };
    }
    case 'tradeAnswer':
      return { code: a['accept'] ? 'comaward.label.accept' : 'comaward.label.decline', rank, common };
    case 'choose': {
      const pend = s.pending;
      const hid = pend && 'card' in pend ? cardOf(pack, pend.card).h.id : '';
      return { code, params: { optionKey: `hallucination.${hid}.option.${String(a['option'])}.title` }, rank, common };
    }
    case 'answer': {
      const pend = s.pending;
      const label = pend?.kind === 'choice' ? pend.options[Number(a['index'])]?.label : undefined;
      return { code, params: { labelKey: label ?? '', n: Number(a['index']) + 1 }, rank, common };
    }
    case 'entity':
      return { code, params: { targetSeat: Number(a['target']) }, rank, common };
    case 'narrate':
      return { code: s.pending?.kind === 'narrateResult' ? 'comaward.label.narrateResult' : s.pending?.kind === 'readIntro' ? 'comaward.label.narrateIntro' : 'comaward.label.narrateSituation', rank, common };
    default:
      return { code, rank, common };
  }
}

interface PublicPlayer {
  readonly seat: number;
  readonly alive: boolean;
  readonly at: string | null;
  readonly atKey: string | null;
  readonly health: number;
  readonly terror: number;
  readonly items: readonly string[];
}

/** The table in words (alt text of the picture), from the public view only. */
export function describeComaWardView(view: Json): TextLine[] {
  const v = view as { phase?: string; active?: number; players?: PublicPlayer[]; board?: { clues?: unknown[]; slots?: Record<string, unknown> } };
  const out: TextLine[] = [{ code: 'comaward.describe.phase', params: { phase: v.phase ?? 'prologue', seat: v.active ?? 0, clues: v.board?.clues?.length ?? 0, rooms: Object.keys(v.board?.slots ?? {}).length } }];
  for (const p of v.players ?? []) {
    out.push(
      p.alive
        ? { code: 'comaward.describe.player', params: { seat: p.seat, health: p.health, terror: p.terror, items: p.items.length, spaceKey: p.atKey ?? '' } }
        : { code: 'comaward.describe.dead', params: { seat: p.seat } },
    );
  }
  return out;
}
