import type { ComaWardPack, Phenomenon } from '../content.ts';
import { living, player, pub, rightOf, tell, type CwState, type Env } from '../state.ts';
import { holds } from './conditions.ts';
import { pushFrame } from './vitals.ts';

/**
 * The Phenomenon Chart (§Revealing the Phenomenon): the row of the three clues found, and within it the
 * phenomenon for the clue found first (or the row's `any`).
 */
export function chartPick(pack: ComaWardPack, clues: readonly string[]): string | undefined {
  const key = [...clues].sort().join('+');
  const row = pack.chart.find((r) => [...r.clues].sort().join('+') === key);
  if (!row) return undefined;
  if (row.any !== undefined) return row.any;
  return row.byFirst?.[clues[0] as string];
}

export function phenomenonOf(s: CwState, pack: ComaWardPack): Phenomenon | undefined {
  return s.phenomenon ? pack.phenomena[s.phenomenon.id] : undefined;
}

/**
 * §Revealing the Phenomenon: the third clue ends the active player's turn at once (what was resolving
 * stops), that player becomes the Phenomenon Narrator, every quirk is revealed and resolved, then the
 * narrator reads the introduction, the setup runs, and the player to the narrator's right starts.
 */
export function startPhenomenon(s: CwState, env: Env): void {
  const narrator = s.active;
  const id = chartPick(env.pack, s.clues.map((c) => c.item));
  s.stack = [];
  s.pending = null;
  s.turn.mainDone = true;
  pub(env, 'comaward.phenomenon.triggered', { seat: narrator });
  if (id === undefined || !env.pack.phenomena[id]) {
    s.phase = 'over';
    s.wiped = true;
    pub(env, 'comaward.phenomenon.missing');
    return;
  }
  const def = env.pack.phenomena[id];
  s.phase = 'phenomenon';
  s.phenomenon = {
    id,
    narrator,
    introRead: false,
    round: 0,
    toPlay: [],
    actors: [],
    defeated: [],
    nextUid: 1,
    fired: [],
    entityDeck: env.rng.shuffle(def.entities.map((e) => e.id)),
  };
  s.stack.push({ subject: narrator, effects: [{ op: '_phenomenonStart' }] });
  pushFrame(s, narrator, def.setup);
  s.stack.push({ subject: narrator, effects: [{ op: '_intro' }] });
  const frames: { subject: number; effects: { op: string; [k: string]: unknown }[] }[] = [];
  for (const p of s.players) {
    if (!p.quirk) continue;
    const quirk = env.pack.quirks.find((q) => q.id === p.quirk);
    if (!quirk) continue;
    let row: (typeof quirk.resolve)[number] | undefined;
    for (const r of quirk.resolve) if (p.quirkCount >= r.atLeast) row = r;
    const rowIndex = row ? quirk.resolve.indexOf(row) : -1;
    frames.push({ subject: p.seat, effects: [{ op: '_quirkReveal', row: rowIndex }, ...(row && p.alive ? row.effects : [])] });
  }
  for (const f of frames.reverse()) pushFrame(s, f.subject, f.effects);
}

/** `_quirkReveal`: the owner's quirk and counters shown to the table (§Quirk Cards). */
export function revealQuirk(s: CwState, env: Env, seat: number, row: number): void {
  const p = player(s, seat);
  if (!p.quirk) return;
  pub(env, 'comaward.quirk.revealed', { seat, quirkKey: `quirk.${p.quirk}.name`, count: p.quirkCount });
  if (row >= 0) pub(env, 'comaward.quirk.resolved', { seat, textKey: `quirk.${p.quirk}.resolve.${row}.text` });
  else pub(env, 'comaward.quirk.nothing', { seat });
  p.quirk = null;
}

/** `_intro`: the narrator gets the introduction privately and reads it with a button. */
export function askIntro(s: CwState, env: Env): void {
  const ph = s.phenomenon;
  if (!ph) return;
  s.pending = { kind: 'readIntro', seat: ph.narrator, phenomenon: ph.id };
  pub(env, 'comaward.phenomenon.narratorChosen', { seat: ph.narrator });
  tell(env, ph.narrator, 'comaward.phenomenon.introPrivate', { phenomenonKey: `phenomenon.${ph.id}.name`, textKey: `phenomenon.${ph.id}.intro` });
}

/** The narrator (or the bot, for an absent narrator) reads the introduction to the table. */
export function readIntro(s: CwState, env: Env, line: string | null, byBot: boolean): void {
  const ph = s.phenomenon;
  if (!ph) return;
  s.pending = null;
  ph.introRead = true;
  env.revealed = true;
  pub(env, byBot ? 'comaward.phenomenon.introByBot' : 'comaward.phenomenon.intro', { seat: ph.narrator, phenomenonKey: `phenomenon.${ph.id}.name`, textKey: `phenomenon.${ph.id}.intro` });
  if (line) pub(env, 'comaward.narrator.line', { seat: ph.narrator, line });
  pub(env, 'comaward.phenomenon.summary', { textKey: `phenomenon.${ph.id}.summary` });
}

/** `_phenomenonStart`: the player to the narrator's right (the nearest living one) takes the first turn. */
export function beginPhenomenonTurns(s: CwState, env: Env, startTurn: (s: CwState, env: Env, seat: number) => void): void {
  const ph = s.phenomenon;
  if (!ph) return;
  let seat = rightOf(s, ph.narrator);
  for (let i = 0; i < s.seatCount && !player(s, seat).alive; i++) seat = rightOf(s, seat);
  ph.round = 1;
  ph.toPlay = living(s).map((p) => p.seat);
  pub(env, 'comaward.phenomenon.begins', { seat });
  if (player(s, seat).alive) startTurn(s, env, seat);
}

/** `dealRoles`: the phenomenon's roles, dealt in secret to the living players. */
export function dealRoles(s: CwState, env: Env): void {
  const def = phenomenonOf(s, env.pack);
  if (!def) return;
  const seats = env.rng.shuffle(living(s).map((p) => p.seat));
  const fixed: string[] = [];
  for (const r of def.roles) if (r.count !== 'rest') for (let i = 0; i < r.count; i++) fixed.push(r.id);
  // Fewer players than counted roles (individual goals): which roles are in play is chance too, not file order.
  const cards = fixed.length > seats.length ? env.rng.shuffle(fixed) : fixed;
  const rest = def.roles.find((r) => r.count === 'rest');
  seats.forEach((seat, i) => {
    const role = cards[i] ?? rest?.id ?? null;
    player(s, seat).role = role;
    if (role) tell(env, seat, 'comaward.role.dealt', { roleKey: `phenomenon.${def.id}.role.${role}.name`, textKey: `phenomenon.${def.id}.role.${role}.text` });
  });
  env.revealed = true;
  pub(env, 'comaward.role.dealtPublic', { count: seats.length });
}

/** Condition events whose condition holds fire now (once, or once a round), pushing their effects. */
export function fireConditionEvents(s: CwState, env: Env): boolean {
  const ph = s.phenomenon;
  const def = phenomenonOf(s, env.pack);
  if (!ph || !def || !ph.introRead || s.phase !== 'phenomenon') return false;
  let fired = false;
  def.events.forEach((ev, index) => {
    const w = ev.when;
    if ('entersRoom' in w || 'leavesRoom' in w || 'roundEnd' in w || 'playerDies' in w) return;
    if (ph.fired.some((f) => f.index === index && (ev.once || f.round === ph.round))) return;
    const subject = s.active;
    if (!holds(s, env.pack, subject, w)) return;
    ph.fired.push({ index, round: ph.round });
    pushFrame(s, subject, ev.effects);
    fired = true;
  });
  return fired;
}

/** Round-end events (after the enemies and allies have acted). */
export function fireRoundEnd(s: CwState, env: Env): void {
  const ph = s.phenomenon;
  const def = phenomenonOf(s, env.pack);
  if (!ph || !def) return;
  def.events.forEach((ev, index) => {
    if (!('roundEnd' in ev.when)) return;
    if (ev.once && ph.fired.some((f) => f.index === index)) return;
    ph.fired.push({ index, round: ph.round });
    pushFrame(s, s.active, ev.effects);
  });
}

/** Who wins an ending (docs/comaward-pack.md "endings"). */
function winnersOf(s: CwState, env: Env, def: Phenomenon, winners: string): number[] {
  if (winners === 'all') return s.players.map((p) => p.seat);
  if (winners === 'none') return [];
  if (winners === 'survivors') return living(s).map((p) => p.seat);
  if (winners === 'goals') {
    return s.players
      .filter((p) => {
        const goal = def.roles.find((r) => r.id === p.role)?.goal;
        return goal !== undefined && holds(s, env.pack, p.seat, goal);
      })
      .map((p) => p.seat);
  }
  const role = winners.slice('role:'.length);
  return s.players.filter((p) => p.role === role).map((p) => p.seat);
}

/** Ends the game with an ending: its epilogue is read now, and only now. */
export function finish(s: CwState, env: Env, endingId: string): void {
  const def = phenomenonOf(s, env.pack);
  const ending = def?.endings.find((e) => e.id === endingId);
  if (!def || !ending) return;
  s.phase = 'over';
  s.stack = [];
  s.pending = null;
  s.ending = { id: ending.id, winners: winnersOf(s, env, def, ending.winners) };
  env.revealed = true;
  pub(env, 'comaward.ending.epilogue', { endingId: ending.id, textKey: `phenomenon.${def.id}.ending.${ending.id}.epilogue` });
  for (const p of s.players) if (p.role) pub(env, 'comaward.role.shown', { seat: p.seat, roleKey: `phenomenon.${def.id}.role.${p.role}.name` });
  if (s.ending.winners.length === 0) pub(env, 'comaward.ending.nobody');
  for (const seat of s.ending.winners) pub(env, 'comaward.ending.winner', { seat });
}

/** §End: the endings, in order, checked after every action; the first that holds ends the game. */
export function checkEndings(s: CwState, env: Env): void {
  const def = phenomenonOf(s, env.pack);
  if (!def || s.phase !== 'phenomenon' || !s.phenomenon?.introRead) return;
  for (const ending of def.endings) {
    const seat = living(s)[0]?.seat ?? s.active;
    if (holds(s, env.pack, seat, ending.when)) {
      finish(s, env, ending.id);
      return;
    }
  }
}
