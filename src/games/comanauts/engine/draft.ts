import { draftCopy, seal } from '../../../core/index.ts';
import { type AdventureState, type PageBookState, type ComanautsState, type DiceState, type EnemyState, type Place, type PlayerState, type TrackDie, type Work } from '../state.ts';

export type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
/** Parts of a draft that are replaced, never changed in place, so drafts share them with their state. */
type Shared = 'work' | 'prompt' | 'outcome';
/**
 * A working copy of the state that rules may change in place; `decide` clones before touching it. Work
 * items, the prompt and the outcome stay read-only: a step that changes one puts a new one in its place.
 */
export type Draft = DeepMutable<Omit<ComanautsState, Shared>> & { -readonly [K in Shared]: K extends 'work' ? Work[] : ComanautsState[K] };
export type Player = Draft['players'][number];
/** Every key of `T`, optional ones included: a field-by-field copy that misses one does not compile. */
type AllKeys<T> = { [K in keyof T]-?: unknown };
/** Every key of `T` with its type, optional ones written out as possibly undefined. */
export type Whole<T> = { [K in keyof Required<T>]: T[K] | undefined };

/**
 * A writable copy of a state for one decide. The catalogue, the page and the dice colours never change
 * while a page is played: they are sealed (deep-frozen, on the input too when it came from storage)
 * and shared, like the read-only work items, prompt and outcome. The rest is copied field by field into
 * one object literal, so every draft has one hidden class (32 keys added one by one made a dictionary,
 * slow for every rule that reads it). A key missing here does not compile.
 */
export function draftOf(s: ComanautsState): Draft {
  const d = {
    v: s.v,
    seats: s.seats,
    seatNames: s.seatNames.slice(),
    catalogue: draftCopy(seal(s.catalogue)),
    page: draftCopy(seal(s.page)),
    active: s.active,
    bookkeeper: s.bookkeeper,
    round: s.round,
    phase: s.phase,
    situation: s.situation,
    dice: copyDice(s.dice),
    players: s.players.map(copyPlayer),
    enemies: s.enemies.map(copyEnemy),
    slots: s.slots.slice(),
    nextEnemy: s.nextEnemy,
    defeated: s.defeated.slice(),
    vitalDeck: s.vitalDeck.slice(),
    vitalShown: s.vitalShown.slice(),
    criticalSeenOnPage: s.criticalSeenOnPage,
    childStandee: s.childStandee,
    searchTokens: { ...s.searchTokens },
    exploredPoi: s.exploredPoi.slice(),
    triedTests: s.triedTests.slice(),
    insight: s.insight,
    cluesRevealed: s.cluesRevealed,
    itemsOut: s.itemsOut.slice(),
    primeEntity: s.primeEntity,
    turnToPage: s.turnToPage,
    groupTaskDone: s.groupTaskDone,
    work: s.work.slice(),
    prompt: s.prompt,
    outcome: s.outcome,
  } satisfies AllKeys<Omit<ComanautsState, 'rules' | 'insightTokens' | 'pageBook' | 'adventure'>> as unknown as Draft;
  // Games of rules version 1 have no `rules` key, and their drafts must not grow one (same JSON, same keys).
  if (s.rules !== undefined) d.rules = s.rules;
  if (s.insightTokens !== undefined) d.insightTokens = s.insightTokens.slice();
  if (s.pageBook !== undefined) d.pageBook = copyBook(s.pageBook);
  if (s.adventure !== undefined) d.adventure = copyAdventure(s.adventure);
  return d;
}

function copyBook(b: PageBookState): NonNullable<Draft['pageBook']> {
  return {
    doors: b.doors.map((x) => ({ id: x.id, locked: x.locked })),
    objectives: b.objectives.slice(),
    fire: b.fire.slice(),
    environment: b.environment.slice() as NonNullable<Draft['pageBook']>['environment'],
    used: b.used.slice(),
    atEnd: b.atEnd.map((x) => ({ card: x.card, seat: x.seat })),
    groupOpen: b.groupOpen,
    passTest: b.passTest,
  } satisfies AllKeys<PageBookState>;
}

function copyAdventure(a: AdventureState): NonNullable<Draft['adventure']> {
  return {
    nexus: a.nexus.slice(),
    start: a.start,
    comazone: a.comazone,
    visited: a.visited.slice(),
    stack: a.stack.slice(),
    prime: a.prime,
    clueDeck: a.clueDeck.slice(),
    clues: a.clues.map((c) => ({ id: c.id, seat: c.seat, read: c.read })),
    totemDeck: a.totemDeck.slice(),
    encountered: a.encountered.slice(),
    ruledOut: { comazones: a.ruledOut.comazones.slice(), enemies: a.ruledOut.enemies.slice() },
    defeatedIds: a.defeatedIds.slice(),
    stickered: a.stickered.slice(),
    cluesPublic: a.cluesPublic,
  } satisfies AllKeys<AdventureState>;
}

function copyEnemy(e: EnemyState): Draft['enemies'][number] {
  return { uid: e.uid, card: e.card, place: { space: e.place.space, spot: e.place.spot }, life: e.life } satisfies AllKeys<EnemyState>;
}

function copyPlace(p: Place | null): Place | null {
  return p === null ? null : ({ space: p.space, spot: p.spot } satisfies AllKeys<Place>);
}

function copyPlayer(p: PlayerState): Player {
  const a = p.avatar;
  const e = p.equipment;
  const q = {
    seat: p.seat,
    avatarCards: p.avatarCards.slice(),
    current: p.current,
    avatar: { card: a.card, life: a.life, statuses: a.statuses.slice(), suspicious: a.suspicious, place: copyPlace(a.place) } satisfies AllKeys<Player['avatar']>,
    clarity: p.clarity,
    stored: p.stored,
    equipment: { head: e.head, body: e.body, hand: e.hand, handAccessory: e.handAccessory, accessory: e.accessory } satisfies AllKeys<Player['equipment']>,
    inventory: p.inventory.slice(),
    defaultStatus: p.defaultStatus,
    defaultActive: p.defaultActive,
    sentToMorass: p.sentToMorass,
  } satisfies AllKeys<Omit<Player, 'storedAt'>> as Player;
  if (p.storedAt !== undefined) q.storedAt = p.storedAt;
  return q;
}

function copyTrackDie(t: TrackDie): TrackDie {
  return { die: t.die, face: t.face } satisfies AllKeys<TrackDie>;
}

function copyDice(x: DiceState): Draft['dice'] {
  return {
    kinds: draftCopy(seal(x.kinds)),
    bag: x.bag.slice(),
    discard: x.discard.slice(),
    hand: x.hand.slice(),
    threat: x.threat.map(copyTrackDie),
    group: x.group.map(copyTrackDie),
    child: x.child === null ? null : copyTrackDie(x.child),
    onCards: x.onCards.slice(),
  } satisfies AllKeys<Draft['dice']>;
}
