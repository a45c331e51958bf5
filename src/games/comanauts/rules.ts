import { ok, reject, seal, type DecideContext, type GameCommand, type GameEvent, type Outcome, type Rejection, type Result, type SeatInfo, type Rng } from '../../core/index.ts';
import { textKeys as K, type AttributeColour, type ComanautsPack } from './content.ts';
import type { ComanautsArgs, ComanautsCommandType } from './commands.ts';
import {
  bookAbility,
  environmentAction,
  openDoorAction,
  passTestNow,
  useItemAction,
  avatarCard,
  BASE_LIFE,
  discardDice,
  drain,
  enterPage,
  equipStartingItems,
  freeSpots,
  gainClarity,
  drawStep,
  itemCard,
  itemHolder,
  markPoi,
  moveRejection,
  packPart,
  pickDice,
  pub,
  rangedRejection,
  rulesOf,
  removeItem,
  resume,
  slotsFor,
  statusCard,
  dieKind,
  draftOf,
  ENEMY_SLOTS,
  INVENTORY_LIMIT,
  type Draft,
  type Env,
} from './engine.ts';
import { type ComanautsState, type RollPurpose, type SlotName, type VitalCard } from './state.ts';
import { z } from 'zod';
import { dealAvatars1, dealAvatars2, idEnemy, setupAdventure } from './engine/setup.ts';
import { type Carried } from './campaign.ts';

/** The newest rules version (the module's `rulesVersion`). */
export const RULES = 4;

/** Game options chosen at `/game new`. */
export const comanautsOptionsSchema = z
  .object({
    /** Page to start on; the pack's start page when absent. */
    page: z.string().optional(),
    /** Rules §Game Setup 12: one chosen plus two face-down avatars. */
    avatarsPerPlayer: z.number().int().min(1).max(3).default(3),
    /** Starting avatar per seat, in seat order; missing entries are chosen by the players (rules 2) or dealt at random (rules 1). */
    startAvatars: z.array(z.string()).default([]),
    /** Rules 4, §Clue Cards: clue cards are read to the table at once instead of going by DM. */
    cluesPublic: z.boolean().optional(),
  })
  .strict();
export type ComanautsOptions = z.infer<typeof comanautsOptionsSchema>;

/**
 * The rules a game plays by, from the rules version it was created with (its genesis): games created
 * as version 1 keep rules 1 so their logs replay to the same hashes; anything else gets the newest.
 */
export function rulesFromVersion(version: string | undefined): number {
  return version === '1' ? 1 : version === '2' ? 2 : version === '3' ? 3 : RULES;
}

const kindsByCounts = new WeakMap<object, Readonly<Record<string, string>>>();

/** The colour of every die by its id (`red-01`…), sealed and made once per pack: every game shares it. */
function diceKinds(counts: ComanautsPack['game']['dice']): Readonly<Record<string, string>> {
  let kinds = kindsByCounts.get(counts);
  if (!kinds) {
    const made: Record<string, string> = {};
    for (const [kind, n] of Object.entries(counts)) {
      for (let i = 0; i < (n ?? 0); i++) made[`${kind}-${String(i + 1).padStart(2, '0')}`] = kind;
    }
    kinds = seal(made);
    kindsByCounts.set(counts, kinds);
  }
  return kinds;
}

/** Rules §Game Setup: dice in the bag, vital signs deck, avatars dealt, page entered, first turn drawn. */
export function setupGame(options: ComanautsOptions, seats: readonly SeatInfo[], rng: Rng, pack: ComanautsPack, rules = RULES, carried?: Carried | null): ComanautsState {
  const kinds = diceKinds(pack.game.dice);
  const bottom = rng.shuffle<VitalCard>(['flatline', 'stable', 'stable']);
  const rest: VitalCard[] = [...Array<VitalCard>(pack.game.vitalSigns.stable - 2).fill('stable'), ...Array<VitalCard>(pack.game.vitalSigns.critical).fill('critical')];
  const vitalDeck = [...rng.shuffle(rest), ...bottom];
  const { avatarCards, choosing } = rules >= 2 ? dealAvatars2(options, seats.length, rng, pack) : dealAvatars1(options, seats.length, rng, pack);
  const entities = pack.enemies.filter((e) => e.kind === 'entity').map((e) => e.id);
  const adventure = rules >= 4 ? setupAdventure(pack, rng, carried?.defeated ?? [], options.cluesPublic === true) : null;
  const startPage = adventure ? pack.comazones?.find((z) => z.id === adventure.start)?.start : (options.page ?? pack.game.startPage);
  const page = pack.pages.find((p) => p.id === startPage) ?? (pack.pages[0] as ComanautsPack['pages'][number]);
  const d: Draft = {
    v: 1,
    ...(rules >= 2 ? { rules } : {}),
    seats: seats.length,
    seatNames: seats.map((s) => s.name),
    catalogue: packPart({ items: pack.items, avatars: pack.avatars, enemies: pack.enemies, statuses: pack.statuses }, pack),
    page,
    active: 0,
    bookkeeper: 0,
    round: 1,
    phase: 'resolving',
    situation: 'safe',
    dice: { kinds, bag: Object.keys(kinds).sort(), discard: [], hand: [], threat: [], group: [], child: null, onCards: [] },
    players: seats.map((s, i) => {
      const cards = avatarCards[i] as string[];
      const card = cards[0] as string;
      return {
        seat: s.index,
        avatarCards: cards,
        current: 0,
        avatar: { card, life: BASE_LIFE + (pack.avatars.find((a) => a.id === card)?.lifeBonus ?? 0), statuses: [], suspicious: false, place: null },
        clarity: 0,
        stored: null,
        equipment: { head: null, body: null, hand: null, handAccessory: null, accessory: null },
        inventory: [],
        defaultStatus: pack.game.defaultStatuses[i % pack.game.defaultStatuses.length] as string,
        defaultActive: false,
        sentToMorass: 0,
      };
    }),
    enemies: [],
    slots: Array<string | null>(ENEMY_SLOTS).fill(null),
    nextEnemy: 1,
    defeated: [],
    vitalDeck,
    vitalShown: [],
    criticalSeenOnPage: false,
    childStandee: null,
    searchTokens: {},
    exploredPoi: [],
    triedTests: [],
    insight: 0,
    cluesRevealed: 0,
    itemsOut: [],
    primeEntity: adventure ? idEnemy(pack, adventure.prime) : entities.length > 0 ? rng.pick(entities) : '',
    turnToPage: null,
    groupTaskDone: false,
    work: [{ k: 'startTurn' }],
    prompt: null,
    outcome: null,
  } as unknown as Draft;
  if (adventure) d.adventure = adventure as Draft['adventure'];
  const env: Env = { rng, events: [], pack };
  d.players.forEach((p) => {
    if (!choosing.includes(p.seat)) equipStartingItems(d, p.seat);
  });
  d.work.unshift(...choosing.map((seat) => ({ k: 'chooseAvatar' as const, seat })));
  enterPage(d, env, page);
  drain(d, env);
  return d as unknown as ComanautsState;
}

type Cmd = { [T in ComanautsCommandType]: { type: T; args: ComanautsArgs<T> } }[ComanautsCommandType];

const fail = (code: string, params?: Record<string, string | number | boolean>): Result<never, Rejection> => reject(`comanauts.${code}`, params);

/**
 * The pure decider: validates the command against the rules, applies it, and resolves queued work
 * on a draft (`draftOf`: sealed parts shared, the rest copied). Turning a vital sign over reveals it.
 */
export function decideCommand(state: ComanautsState, command: GameCommand, ctx: DecideContext): Result<Outcome<ComanautsState>, Rejection> {
  const seat = ctx.seat;
  if (seat === null || seat < 0 || seat >= state.seats) return fail('seat.none');
  const d = draftOf(state);
  const events: GameEvent[] = [];
  const env: Env = { rng: ctx.rng, events, pack: ctx.pack as ComanautsPack | undefined };
  const cmd = command as Cmd;
  if (d.prompt !== null) {
    // Issue 18: a player asked her own question is told so (and which one); anyone else, whose answer it waits for.
    if (cmd.type !== 'answer') return d.prompt.seat === seat ? fail('prompt.yours', { kind: d.prompt.kind }) : fail('prompt.pending', { kind: d.prompt.kind, seat: d.prompt.seat });
    if (d.prompt.seat !== seat) return fail('prompt.notYours', { seat: d.prompt.seat });
    if (!d.prompt.options.includes(cmd.args.value)) return fail('prompt.badOption', { value: cmd.args.value });
    answer(d, cmd.args.value);
  } else {
    if (cmd.type === 'answer') return fail('prompt.none');
    if (seat !== d.active) return fail('turn.notYours', { seat: d.active });
    const refused = act(d, env, seat, cmd);
    if (refused) return fail(refused.code, refused.params);
  }
  drain(d, env);
  return ok({ state: d as unknown as ComanautsState, events, revealed: d.vitalShown.length !== state.vitalShown.length });
}

function answer(d: Draft, value: string): void {
  const w = d.work[0];
  const kind = d.prompt?.kind;
  d.prompt = null;
  if (w) d.work[0] = resume(w, kind, value);
}

interface Refusal {
  code: string;
  params?: Record<string, string | number | boolean>;
}

/** The colour a roll ran short of: the action's own colour unless those dice are there and purple ones are not. */
function shortColour(d: Draft, colour: AttributeColour, count: number): AttributeColour {
  return d.dice.hand.filter((x) => dieKind(d, x) === colour).length >= count ? 'purple' : colour;
}

function spendRoll(d: Draft, env: Env, seat: number, colour: AttributeColour, count: number, purple: number, purpose: RollPurpose): Refusal | null {
  const dice = pickDice(d, colour, count, purple);
  if (!dice) return { code: 'dice.missing', params: { colour: shortColour(d, colour, count) } };
  const faces = dice.map(() => env.rng.die(6));
  d.phase = 'resolving';
  d.work.push({ k: 'roll', seat, dice, faces, purpose });
  return null;
}

function act(d: Draft, env: Env, seat: number, cmd: Cmd): Refusal | null {
  const p = d.players[seat] as Draft['players'][number];
  if (d.phase === 'draw') {
    if (cmd.type !== 'draw') return { code: 'phase.drawFirst' };
    drawStep(d, env);
    return null;
  }
  if (cmd.type === 'draw') return { code: 'phase.alreadyDrawn' };
  if (d.phase === 'clarity') {
    if (cmd.type !== 'rollClarity') return { code: 'phase.clarityFirst' };
    const whites = d.dice.hand.filter((x) => dieKind(d, x) === 'white').length;
    if (cmd.args.count > whites) return { code: 'dice.missing', params: { colour: 'white' } };
    gainClarity(d, env, cmd.args.count);
    return null;
  }
  if (d.phase !== 'actions') return { code: 'phase.notActions' };
  if (cmd.type === 'rollClarity') return { code: 'phase.clarityDone' };
  if (cmd.type === 'endActions') {
    pub(env, 'turn.actionsEnded', { seat });
    d.phase = 'resolving';
    d.work.push({ k: 'endTurn' });
    return null;
  }
  const one = (colour: AttributeColour): string | null => d.dice.hand.find((x) => dieKind(d, x) === colour) ?? null;
  switch (cmd.type) {
    case 'focus': {
      const [a, b] = cmd.args.spend;
      const first = one(a);
      if (!first) return { code: 'dice.missing', params: { colour: a } };
      const second = d.dice.hand.find((x) => x !== first && dieKind(d, x) === b);
      if (!second) return { code: 'dice.missing', params: { colour: b } };
      const taken = d.dice.discard.find((x) => dieKind(d, x) === cmd.args.take);
      if (!taken) return { code: 'focus.notInDiscard', params: { colour: cmd.args.take } };
      d.dice.discard.splice(d.dice.discard.indexOf(taken), 1);
      discardDice(d, [first, second]);
      d.dice.hand.push(taken);
      pub(env, 'focus.done', { seat, colour: cmd.args.take });
      return null;
    }
    case 'move': {
      const die = one(cmd.args.colour);
      if (!die) return { code: 'dice.missing', params: { colour: cmd.args.colour } };
      const why = moveRejection(d, seat, cmd.args.colour, cmd.args.to);
      if (why) return { code: why, params: d.page.spaces.some((x) => x.id === cmd.args.to) ? { spaceKey: K.space(d.page.id, cmd.args.to) } : { space: cmd.args.to } };
      const spots = freeSpots(d, cmd.args.to, `a${seat}`);
      const spot = cmd.args.spot ?? spots[0] ?? 0;
      const sp = d.page.spaces.find((x) => x.id === cmd.args.to);
      // Spots are counted from 1 where people read them (the `/c move spot:` option, the prompts).
      if (!sp || spot >= sp.spots.length) return { code: 'move.badSpot', params: { spot: spot + 1, count: sp?.spots.length ?? 0, spaceKey: K.space(d.page.id, cmd.args.to) } };
      const from = p.avatar.place?.space;
      discardDice(d, [die]);
      p.avatar.place = { space: cmd.args.to, spot };
      pub(env, 'move.done', { seat, spaceKey: K.space(d.page.id, cmd.args.to), colour: cmd.args.colour });
      if (from !== cmd.args.to) markPoi(d, env, cmd.args.to);
      d.phase = 'resolving';
      return null;
    }
    case 'reserve': {
      const die = one(cmd.args.colour);
      if (!die) return { code: 'dice.missing', params: { colour: cmd.args.colour } };
      if (p.stored !== null) return { code: 'reserve.full' };
      if (p.avatar.place === null) return { code: 'move.inMorass' };
      discardDice(d, [die]);
      d.dice.discard.pop();
      p.stored = die;
      if (rulesOf(d) >= 2) p.storedAt = d.round;
      pub(env, 'reserve.done', { seat, colour: cmd.args.colour });
      return null;
    }
    case 'useReserve': {
      // Rules §Reserve: a reserved die may be used on a later turn, back in the hand like a drawn one.
      if (rulesOf(d) < 2) return { code: 'rules.version', params: { rules: 2 } };
      if (p.stored === null) return { code: 'reserve.empty' };
      if (p.storedAt === d.round) return { code: 'reserve.sameTurn' };
      d.dice.hand.push(p.stored);
      const colour = dieKind(d, p.stored);
      p.stored = null;
      delete p.storedAt;
      pub(env, 'reserve.used', { seat, colour });
      return null;
    }
    case 'encourage': {
      const die = one(cmd.args.colour);
      if (!die) return { code: 'dice.missing', params: { colour: cmd.args.colour } };
      const q = d.players[cmd.args.seat];
      if (!q || q.seat === seat) return { code: 'encourage.self' };
      if (cmd.args.mode === 'store') {
        discardDice(d, [die]);
        d.dice.discard.pop();
        if (q.stored !== null) d.dice.discard.push(q.stored);
        q.stored = die;
        delete q.storedAt;
      } else {
        if (p.clarity < 1) return { code: 'clarity.notEnough', params: { need: 1 } };
        discardDice(d, [die]);
        p.clarity -= 1;
        q.clarity += 1;
      }
      pub(env, 'encourage.done', { seat, otherSeat: q.seat, mode: cmd.args.mode });
      return null;
    }
    case 'equip':
      return equip(d, env, seat, cmd.args);
    case 'skillTest': {
      const test = d.page.tests.find((t) => t.id === cmd.args.test && (t.offered !== false || rulesOf(d) < 3));
      if (!test) return { code: 'skill.unknown' };
      if (d.triedTests.includes(test.id) && !(test.repeatable && rulesOf(d) >= 3)) return { code: 'skill.alreadyTried' };
      if (test.space && p.avatar.place?.space !== test.space) return { code: 'skill.wrongSpace', params: { spaceKey: K.space(d.page.id, test.space) } };
      if (passTestNow(d, env, seat, test.id)) {
        d.triedTests.push(test.id);
        return null;
      }
      if (cmd.args.colour !== test.colour && cmd.args.colour !== 'purple') return { code: 'dice.wrongColour', params: { colour: test.colour } };
      const refused = spendRoll(d, env, seat, cmd.args.colour, cmd.args.count, cmd.args.purple, { kind: 'skill', test: test.id });
      if (!refused) d.triedTests.push(test.id);
      return refused;
    }
    case 'removeStatus': {
      const q = d.players[cmd.args.seat];
      if (!q?.avatar.place || !p.avatar.place || q.avatar.place.space !== p.avatar.place.space) return { code: 'status.notHere' };
      const onAvatar = q.avatar.statuses.includes(cmd.args.status) || (q.defaultActive && q.defaultStatus === cmd.args.status);
      if (!onAvatar) return { code: 'status.notPresent', params: { statusKey: K.status(cmd.args.status) } };
      const removal = statusCard(d, cmd.args.status)?.removal;
      if (!removal) return { code: 'status.noTest', params: { statusKey: K.status(cmd.args.status) } };
      if (cmd.args.colour !== removal.colour && cmd.args.colour !== 'purple') return { code: 'dice.wrongColour', params: { colour: removal.colour } };
      return spendRoll(d, env, seat, cmd.args.colour, cmd.args.count, cmd.args.purple, { kind: 'status', seat: q.seat, status: cmd.args.status });
    }
    case 'groupTask': {
      const task = d.page.groupTask;
      if (!task || d.groupTaskDone || d.pageBook?.groupOpen === false) return { code: 'group.none' };
      if (d.pageBook && task.space && p.avatar.place?.space !== task.space) return { code: 'group.wrongSpace', params: { spaceKey: K.space(d.page.id, task.space) } };
      if (cmd.args.colour !== task.colour && cmd.args.colour !== 'purple') return { code: 'dice.wrongColour', params: { colour: task.colour } };
      const dice = pickDice(d, cmd.args.colour, cmd.args.count, cmd.args.purple);
      if (!dice) return { code: 'dice.missing', params: { colour: shortColour(d, cmd.args.colour, cmd.args.count) } };
      d.phase = 'resolving';
      d.work.push({ k: 'group', seat, dice, faces: dice.map(() => env.rng.die(6)) });
      return null;
    }
    case 'melee': {
      const e = d.enemies.find((x) => x.uid === cmd.args.enemy);
      if (!e || !p.avatar.place) return { code: 'attack.noSuchEnemy' };
      if (e.place.space !== p.avatar.place.space) return { code: 'melee.notSameSpace' };
      return spendRoll(d, env, seat, 'red', cmd.args.count, cmd.args.purple, { kind: 'melee', enemy: e.uid });
    }
    case 'ranged': {
      const why = rangedRejection(d, seat, cmd.args.enemy);
      if (why) return { code: why };
      return spendRoll(d, env, seat, 'green', cmd.args.count, cmd.args.purple, { kind: 'ranged', enemy: cmd.args.enemy });
    }
    case 'search': {
      const at = p.avatar.place?.space ?? '';
      if ((d.searchTokens[at] ?? 0) < 1) return { code: 'search.noToken' };
      if (!d.page.searchItems.includes(cmd.args.item)) return { code: 'search.notListed' };
      if (d.itemsOut.includes(cmd.args.item)) return { code: 'search.itemGone', params: { itemKey: K.item(cmd.args.item) } };
      return spendRoll(d, env, seat, 'yellow', cmd.args.count, cmd.args.purple, { kind: 'search', item: cmd.args.item });
    }
    case 'ability':
      return ability(d, env, seat, cmd.args);
    case 'door':
      return openDoorAction(d, env, seat, cmd.args.door, cmd.args.colour);
    case 'environment':
      return environmentAction(d, env, seat, cmd.args, (colour, count, purple, purpose) => spendRoll(d, env, seat, colour, count, purple, purpose));
    case 'use':
      return useItemAction(d, env, seat, cmd.args.item);
    default:
      return { code: 'command.unknown' };
  }
}

function ability(d: Draft, env: Env, seat: number, args: ComanautsArgs<'ability'>): Refusal | null {
  const p = d.players[seat] as Draft['players'][number];
  const av = avatarCard(d, p.avatar.card);
  if (!av || !p.avatar.place) return { code: 'move.inMorass' };
  if (p.clarity < av.ability.cost) return { code: 'clarity.notEnough', params: { need: av.ability.cost } };
  if ((av.ability.kind === 'effects' || av.ability.kind === 'passTest') && !bookAbility(d, seat)) return { code: 'rules.version', params: { rules: 3 } };
  switch (av.ability.kind) {
    case 'heal':
      p.avatar.life += 1;
      break;
    case 'fetchDie': {
      const die = d.dice.discard.find((x) => dieKind(d, x) === args.colour);
      if (!args.colour) return { code: 'ability.needColour' };
      if (!die) return { code: 'focus.notInDiscard', params: { colour: args.colour } };
      d.dice.discard.splice(d.dice.discard.indexOf(die), 1);
      d.dice.hand.push(die);
      break;
    }
    case 'removeStatus': {
      const q = args.seat === undefined ? undefined : d.players[args.seat];
      if (!q?.avatar.place || q.avatar.place.space !== p.avatar.place.space || !args.status || !q.avatar.statuses.includes(args.status)) {
        return { code: 'status.notPresentAny' };
      }
      q.avatar.statuses = q.avatar.statuses.filter((x) => x !== args.status);
      break;
    }
  }
  p.clarity -= av.ability.cost;
  pub(env, 'ability.used', { seat, avatarKey: K.avatar(av.id) });
  return null;
}

/** Rules §Equip/Trade: one die; items move between your sheet and one avatar's sheet in your space. */
function equip(d: Draft, env: Env, seat: number, args: ComanautsArgs<'equip'>): Refusal | null {
  const die = d.dice.hand.find((x) => dieKind(d, x) === args.colour);
  if (!die) return { code: 'dice.missing', params: { colour: args.colour } };
  const me = d.players[seat] as Draft['players'][number];
  const twice = args.moves.find((m, i) => args.moves.findIndex((x) => x.item === m.item) !== i);
  if (twice && rulesOf(d) >= 2) return { code: 'equip.sameItemTwice', params: { itemKey: K.item(twice.item) } };
  const partners = new Set<number>();
  for (const m of args.moves) {
    const holder = itemHolder(d, m.item);
    if (!holder) return { code: 'equip.notHeld' };
    for (const s of [holder.seat, m.seat]) if (s !== seat) partners.add(s);
  }
  if (partners.size > 1) return { code: 'equip.onePartner' };
  const partner = [...partners][0];
  if (partner !== undefined) {
    const q = d.players[partner];
    if (!q?.avatar.place || !me.avatar.place || q.avatar.place.space !== me.avatar.place.space) return { code: 'equip.notSameSpace' };
  }
  const moved = new Set(args.moves.map((m) => m.item));
  for (const item of moved) removeItem(d, item);
  for (const m of args.moves) {
    const q = d.players[m.seat] as Draft['players'][number];
    if (m.to === 'inventory') {
      q.inventory.push(m.item);
      continue;
    }
    const need = slotsFor(itemCard(d, m.item)?.slot ?? '', m.to as SlotName);
    if (!need) return { code: 'equip.wrongSlot', params: { itemKey: K.item(m.item), slot: m.to } };
    if (need.some((x) => q.equipment[x] !== null)) return { code: 'equip.slotTaken', params: { slot: m.to } };
    for (const x of need) q.equipment[x] = m.item;
  }
  for (const q of d.players) if (q.inventory.length > INVENTORY_LIMIT) return { code: 'equip.inventoryFull', params: { seat: q.seat } };
  discardDice(d, [die]);
  pub(env, 'equip.done', { seat, count: args.moves.length });
  return null;
}
