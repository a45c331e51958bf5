import type { Awaiting, GameCommand, GameStatus, Json, Prompt } from '../../core/index.ts';
import { attributeColours, textKeys as K, type AttributeColour } from './content.ts';
import {
  doorsBeside,
  equippedItems,
  avatarCard,
  dieKind,
  enemyCard,
  freeSlotsFor,
  itemCard,
  moveRejection,
  rangedRejection,
  rulesOf,
  statusCard,
  INVENTORY_LIMIT,
} from './engine.ts';
import { slotNames, type ComanautsState, type PlayerState } from './state.ts';
import { adventureView } from './view-adventure.ts';

const kindCounts = (s: ComanautsState, dice: readonly string[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const d of dice) out[dieKind(s, d)] = (out[dieKind(s, d)] ?? 0) + 1;
  return out;
};

function playerView(s: ComanautsState, p: PlayerState): Json {
  const av = avatarCard(s, p.avatar.card);
  return {
    seat: p.seat,
    name: s.seatNames[p.seat] ?? '',
    avatar: { card: p.avatar.card, name: av?.name ?? null, dieBonus: av?.dieBonus ?? null, ability: av ? { kind: av.ability.kind, cost: av.ability.cost, text: av.ability.text } : null },
    faceDownAvatars: p.avatarCards.length - p.current - 1,
    avatarsUsed: p.current,
    life: p.avatar.life,
    clarity: p.clarity,
    stored: p.stored === null ? null : dieKind(s, p.stored),
    equipment: Object.fromEntries(slotNames.map((n) => [n, p.equipment[n] === null ? null : { id: p.equipment[n], name: itemCard(s, p.equipment[n] as string)?.name ?? null }])) as Json,
    inventory: p.inventory.map((i) => ({ id: i, name: itemCard(s, i)?.name ?? null })),
    statuses: p.avatar.statuses.map((x) => ({ id: x, name: statusCard(s, x)?.name ?? null })),
    defaultStatus: { id: p.defaultStatus, active: p.defaultActive, name: statusCard(s, p.defaultStatus)?.name ?? null },
    suspicious: p.avatar.suspicious,
    place: p.avatar.place === null ? 'morass' : { space: p.avatar.place.space, spot: p.avatar.place.spot },
  };
}

/**
 * What everyone may see: no Prime I.D. identity, no face-down avatar faces, no bag order, no vital-signs
 * order (issue "Comanauts I", The picture). The map page is included because the picture draws it.
 */
export function publicView(s: ComanautsState): Json {
  return {
    game: 'comanauts',
    page: s.page as unknown as Json,
    active: s.active,
    bookkeeper: s.bookkeeper,
    round: s.round,
    phase: s.phase,
    situation: s.situation,
    outcome: s.outcome as Json,
    dice: {
      bag: s.dice.bag.length,
      bagByKind: kindCounts(s, s.dice.bag),
      discard: s.dice.discard.map((d) => dieKind(s, d)).sort(),
      hand: s.dice.hand.map((d) => dieKind(s, d)),
      threat: s.dice.threat.map((t) => ({ kind: dieKind(s, t.die), face: t.face })),
      group: s.dice.group.map((t) => ({ kind: dieKind(s, t.die), face: t.face })),
      child: s.dice.child ? s.dice.child.face : null,
    },
    groupTask: s.page.groupTask ? { colour: s.page.groupTask.colour, target: s.page.groupTask.target, done: s.groupTaskDone } : null,
    players: s.players.map((p) => playerView(s, p)),
    enemies: s.slots.map((uid) => {
      const e = s.enemies.find((x) => x.uid === uid);
      if (!e) return null;
      const c = enemyCard(s, e.card);
      return {
        uid: e.uid,
        card: e.card,
        name: c?.name ?? null,
        kind: c?.kind ?? 'hostile',
        defence: c?.defence ?? 0,
        actions: (c?.actions ?? []).map((a) => ({ min: a.min, max: a.max, name: a.name, speed: a.speed, range: a.range, strength: a.strength })),
        life: e.life,
        place: { space: e.place.space, spot: e.place.spot },
      };
    }),
    morass: s.players.filter((p) => p.avatar.place === null).map((p) => p.seat),
    defeated: [...s.defeated],
    childStandee: s.childStandee,
    searchTokens: { ...s.searchTokens },
    insight: s.insight,
    insightTokens: [...(s.insightTokens ?? [])],
    cluesRevealed: s.cluesRevealed,
    ...(s.pageBook ? { pageBook: bookView(s, s.pageBook) } : {}),
    ...(s.adventure ? { adventure: adventureView(s.adventure, s.work, s.prompt) } : {}),
    vitalSigns: { left: s.vitalDeck.length, shown: [...s.vitalShown] },
    prompt: s.prompt ? { seat: s.prompt.seat, kind: s.prompt.kind, options: [...s.prompt.options], params: { ...s.prompt.params } } : null,
  };
}

type Label = Prompt['options'][number]['label'];

/** A prompt option as people read it: pack names travel as `…Key` params, seats as `…Seat`. */
function optionLabel(s: ComanautsState, value: string): Label {
  const pr = s.prompt as NonNullable<ComanautsState['prompt']>;
  const page = s.page.id;
  const enemy: Record<string, string> = typeof pr.params.enemy === 'string' ? { enemyKey: K.enemy(pr.params.enemy) } : {};
  switch (pr.kind) {
    case 'morassReturn':
      return { code: 'comanauts.option.morassReturn', params: { seat: Number(pr.params.seat), spaceKey: K.space(page, value) } };
    case 'returnHostile': {
      const [card, at] = value.split('@') as [string, string];
      return { code: 'comanauts.option.returnHostile', params: { enemyKey: K.enemy(card), spaceKey: K.space(page, at) } };
    }
    case 'enemyGoal':
    case 'enemyEnd':
      return { code: `comanauts.option.${pr.kind}`, params: { ...enemy, spaceKey: K.space(page, value) } };
    case 'avatarSpot':
      return { code: 'comanauts.option.avatarSpot', params: { seat: Number(pr.params.seat), spaceKey: K.space(page, String(pr.params.space)), spot: Number(value) + 1 } };
    case 'enemySpot':
      return { code: 'comanauts.option.enemySpot', params: { ...enemy, spaceKey: K.space(page, String(pr.params.space)), spot: Number(value) + 1 } };
    case 'enemyTarget':
      return { code: 'comanauts.option.enemyTarget', params: { ...enemy, targetSeat: Number(value) } };
    case 'defend':
      return { code: value === 'defend' ? 'comanauts.option.defend' : 'comanauts.option.takeHit', params: { strength: pr.params.strength ?? 0 } };
    case 'reroll': {
      if (value === 'keep') return { code: 'comanauts.option.keepRoll', params: { total: pr.params.total ?? 0, target: pr.params.target ?? 0 } };
      const i = Number(value.slice('reroll:'.length));
      const w = s.work[0];
      if (w?.k === 'attack') return { code: 'comanauts.option.reroll', params: { face: w.face ?? 0, colour: String(pr.params.die ?? 'white') } };
      const rolled = w?.k === 'roll' || w?.k === 'group' ? w : undefined;
      const face = rolled ? (rolled.faces[i] ?? 0) : 0;
      const kind = rolled?.dice[i] ? dieKind(s, rolled.dice[i]) : 'white';
      return { code: 'comanauts.option.reroll', params: { face, colour: kind } };
    }
    case 'spreadEnemies': {
      const spaces = value.split('+');
      return { code: `comanauts.option.spreadEnemies${Math.min(3, spaces.length)}`, params: { ...Object.fromEntries(spaces.slice(0, 3).map((at, i) => [`space${i}Key`, K.space(page, at)])) } };
    }
    case 'chooseAvatar':
      return { code: 'comanauts.option.chooseAvatar', params: { avatarKey: K.avatar(value) } };
    case 'bookChoice':
      return { code: 'comanauts.option.bookChoice', params: { labelKey: `${String(pr.params.key)}.options.${Number(value) - 1}.label` } };
    case 'bookTarget':
      return { code: 'comanauts.option.bookTarget', params: { targetSeat: Number(value) } };
    case 'skillDice':
      return { code: 'comanauts.option.skillDice', params: { count: Number(value), colour: String(pr.params.colour) } };
    case 'chooseDoor': {
      const door = (s.page.doors ?? []).find((x) => x.id === value);
      return { code: 'comanauts.option.chooseDoor', params: { space0Key: K.space(page, door?.between[0] ?? ''), space1Key: K.space(page, door?.between[1] ?? '') } };
    }
    case 'gainItem': {
      const itemKey = K.item(String(pr.params.item ?? ''));
      if (value === 'discard') return { code: 'comanauts.option.leaveItem', params: { itemKey } };
      const [seat, slot] = value.split(':') as [string, string];
      return { code: 'comanauts.option.gainItem', params: { itemKey, seat: Number(seat), slot } };
    }
    case 'clueShare':
      return { code: value === 'read' ? 'comanauts.option.clueRead' : 'comanauts.option.clueKeep' };
    case 'chooseTotem':
      return { code: 'comanauts.option.chooseTotem', params: { itemKey: K.item(value) } };
    case 'nexusVote':
    case 'nexusTie':
      return { code: `comanauts.option.${pr.kind}`, params: { comazoneKey: K.comazone(value), memoryKey: K.memory(value) } };
  }
}

export function prompts(s: ComanautsState): Prompt[] {
  if (!s.prompt) return [];
  const pr = s.prompt;
  return [
    {
      seat: pr.seat,
      kind: pr.kind,
      question: { code: `comanauts.question.${pr.kind}` },
      options: pr.options.map((value) => ({
        label: optionLabel(s, value),
        command: { type: 'answer', args: { value } },
      })),
    },
  ];
}

/** The turn holder's prompt-like flow (roll clarity, end actions) is offered as prompts too, for buttons. */
export function flowPrompts(s: ComanautsState): Prompt[] {
  if (s.outcome || s.prompt) return prompts(s);
  const whites = s.dice.hand.filter((d) => dieKind(s, d) === 'white').length;
  if (s.phase === 'draw') {
    return [{ seat: s.active, kind: 'draw', options: [{ label: { code: 'comanauts.option.draw' }, command: { type: 'draw', args: {} } }] }];
  }
  if (s.phase === 'clarity') {
    return [
      {
        seat: s.active,
        kind: 'rollClarity',
        options: Array.from({ length: whites }, (_, i) => ({ label: { code: 'comanauts.option.rollClarity', params: { count: i + 1 } }, command: { type: 'rollClarity', args: { count: i + 1 } } })),
      },
    ];
  }
  if (s.phase === 'actions') {
    return [{ seat: s.active, kind: 'actions', options: [{ label: { code: 'comanauts.option.endActions' }, command: { type: 'endActions', args: {} } }] }];
  }
  return [];
}

export function awaiting(s: ComanautsState): Awaiting {
  if (s.outcome) return { seats: [], kind: 'none' };
  if (s.prompt) return { seats: [s.prompt.seat], kind: s.prompt.kind };
  return { seats: [s.active], kind: 'turn' };
}

export function status(s: ComanautsState): GameStatus {
  return s.outcome ?? { phase: 'playing' };
}

function handColours(s: ComanautsState): AttributeColour[] {
  return attributeColours.filter((c) => s.dice.hand.some((d) => dieKind(s, d) === c));
}

/** Every legal command for a seat; precise enough for autocomplete (reachable spaces, targets in sight). */
export function legalCommands(s: ComanautsState, seat: number): GameCommand[] {
  if (s.outcome) return [];
  if (s.prompt) return s.prompt.seat === seat ? s.prompt.options.map((value) => ({ type: 'answer', args: { value } })) : [];
  if (seat !== s.active) return [];
  const out: GameCommand[] = [];
  const count = (c: string): number => s.dice.hand.filter((d) => dieKind(s, d) === c).length;
  if (s.phase === 'draw') return [{ type: 'draw', args: {} }];
  if (s.phase === 'clarity') {
    for (let n = 1; n <= count('white'); n++) out.push({ type: 'rollClarity', args: { count: n } });
    return out;
  }
  if (s.phase !== 'actions') return out;
  out.push({ type: 'endActions', args: {} });
  const p = s.players[seat] as PlayerState;
  const colours = handColours(s);
  const purples = count('purple');
  const rolls = (colour: AttributeColour): { count: number; purple: number }[] => {
    const list: { count: number; purple: number }[] = [];
    if (colour !== 'purple') for (let n = 1; n <= count(colour); n++) list.push({ count: n, purple: 0 });
    for (let n = 1; n <= purples; n++) list.push(colour === 'purple' ? { count: n, purple: 0 } : { count: 0, purple: n });
    return list;
  };
  if (p.avatar.place) {
    const here = p.avatar.place.space;
    if (rulesOf(s) >= 2 && p.stored !== null && p.storedAt !== s.round) out.push({ type: 'useReserve', args: {} });
    for (const colour of colours) {
      for (const sp of s.page.spaces) {
        if (moveRejection(s, seat, colour, sp.id) === null) out.push({ type: 'move', args: { colour, to: sp.id } });
      }
      if (p.stored === null) out.push({ type: 'reserve', args: { colour } });
      for (const q of s.players) {
        if (q.seat === seat) continue;
        out.push({ type: 'encourage', args: { seat: q.seat, colour, mode: 'store' } });
        if (p.clarity > 0) out.push({ type: 'encourage', args: { seat: q.seat, colour, mode: 'clarity' } });
      }
      const held = [...new Set([...slotNames.map((n) => p.equipment[n]).filter((x): x is string => x !== null), ...p.inventory])];
      for (const item of held) {
        if (!p.inventory.includes(item) && p.inventory.length < INVENTORY_LIMIT) out.push({ type: 'equip', args: { colour, moves: [{ item, seat, to: 'inventory' }] } });
        if (p.inventory.includes(item)) {
          for (const slot of freeSlotsFor(s, seat, item)) out.push({ type: 'equip', args: { colour, moves: [{ item, seat, to: slot }] } });
        }
        for (const q of s.players) {
          if (q.seat !== seat && q.avatar.place?.space === here && q.inventory.length < INVENTORY_LIMIT) {
            out.push({ type: 'equip', args: { colour, moves: [{ item, seat: q.seat, to: 'inventory' }] } });
          }
        }
      }
      for (const take of attributeColours) {
        if (s.dice.discard.some((d) => dieKind(s, d) === take)) {
          for (const other of colours) {
            if (other < colour || (other === colour && count(colour) < 2)) continue;
            out.push({ type: 'focus', args: { spend: [colour, other], take } });
          }
        }
      }
    }
    for (const e of s.enemies) {
      if (e.place.space === here) for (const r of rolls('red')) out.push({ type: 'melee', args: { enemy: e.uid, ...r } });
      if (rangedRejection(s, seat, e.uid) === null) for (const r of rolls('green')) out.push({ type: 'ranged', args: { enemy: e.uid, ...r } });
    }
    if ((s.searchTokens[here] ?? 0) > 0) {
      for (const item of s.page.searchItems) {
        if (!s.itemsOut.includes(item)) for (const r of rolls('yellow')) out.push({ type: 'search', args: { item, ...r } });
      }
    }
    for (const t of s.page.tests) {
      const v3 = rulesOf(s) >= 3;
      if ((v3 && t.offered === false) || (s.triedTests.includes(t.id) && !(v3 && t.repeatable)) || (t.space && t.space !== here)) continue;
      for (const r of rolls(t.colour)) out.push({ type: 'skillTest', args: { test: t.id, colour: t.colour, ...r } });
    }
    for (const q of s.players) {
      if (q.avatar.place?.space !== here) continue;
      const list = [...q.avatar.statuses, ...(q.defaultActive ? [q.defaultStatus] : [])];
      for (const st of list) {
        const removal = statusCard(s, st)?.removal;
        if (removal) for (const r of rolls(removal.colour)) out.push({ type: 'removeStatus', args: { seat: q.seat, status: st, colour: removal.colour, ...r } });
      }
    }
    out.push(...bookCommands(s, seat, colours, rolls));
    const av = avatarCard(s, p.avatar.card);
    if (av && p.clarity >= av.ability.cost) {
      if (s.pageBook && (av.ability.kind === 'effects' || av.ability.kind === 'passTest')) out.push({ type: 'ability', args: {} });
      if (av.ability.kind === 'heal') out.push({ type: 'ability', args: {} });
      if (av.ability.kind === 'fetchDie') {
        for (const c of attributeColours) if (s.dice.discard.some((d) => dieKind(s, d) === c)) out.push({ type: 'ability', args: { colour: c } });
      }
      if (av.ability.kind === 'removeStatus') {
        for (const q of s.players) {
          if (q.avatar.place?.space === here) for (const st of q.avatar.statuses) out.push({ type: 'ability', args: { seat: q.seat, status: st } });
        }
      }
    }
  }
  const task = s.page.groupTask;
  const taskHere = !s.pageBook || !task?.space || p.avatar.place?.space === task.space;
  if (task && !s.groupTaskDone && s.pageBook?.groupOpen !== false && taskHere) for (const r of rolls(task.colour)) out.push({ type: 'groupTask', args: { colour: task.colour, ...r } });
  return out;
}

/** The book's actions for autocomplete (rules 3): doors beside the avatar, environment cards, item uses. */
function bookCommands(s: ComanautsState, seat: number, colours: readonly AttributeColour[], rolls: (c: AttributeColour) => { count: number; purple: number }[]): GameCommand[] {
  const book = s.pageBook;
  const p = s.players[seat] as PlayerState;
  const here = p.avatar.place?.space;
  if (!book || here === undefined) return [];
  const out: GameCommand[] = [];
  for (const door of doorsBeside(s, here)) {
    if (book.doors.some((x) => x.id === door && !x.locked)) for (const colour of colours) out.push({ type: 'door', args: { door, colour } });
  }
  for (const card of book.environment) {
    if (book.used.includes(card.id)) continue;
    const where = card.where;
    if (where && 'space' in where && where.space !== here) continue;
    if (where && 'symbol' in where && !s.page.spaces.find((x) => x.id === here)?.symbols.includes(where.symbol as never)) continue;
    if (card.test) for (const r of rolls(card.test.colour)) out.push({ type: 'environment', args: { card: card.id, colour: card.test.colour, ...r } });
    else out.push({ type: 'environment', args: { card: card.id, count: 1, purple: 0 } });
  }
  for (const item of equippedItems(s, p)) if (itemCard(s, item)?.use) out.push({ type: 'use', args: { item } });
  return out;
}

/** Rules 3: what the book put on the page, all of it public (doors, tokens, environment cards). */
function bookView(s: ComanautsState, b: NonNullable<ComanautsState['pageBook']>): Record<string, Json> {
  return {
    doors: b.doors.map((x) => ({ id: x.id, locked: x.locked, between: [...((s.page.doors ?? []).find((y) => y.id === x.id)?.between ?? [])] })),
    objectives: [...b.objectives],
    fire: [...b.fire],
    environment: b.environment.map((c) => ({ id: c.id, name: c.name, text: c.text, test: c.test ? { colour: c.test.colour, target: c.test.target } : null, used: b.used.includes(c.id) })),
    groupOpen: b.groupOpen,
    leaving: s.turnToPage,
  };
}
