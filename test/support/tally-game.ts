import { z } from 'zod';
import { ok, reject, type GameModule, type GameEvent, type Json } from '../../src/core/index.ts';

/**
 * A test-only game that exercises every part of the GameModule contract: turns, chance (roll),
 * reversible moves (add), a secret per seat (drawn at setup, revealed on demand), a prompt that
 * another seat must answer, and an end. Race to `target` points.
 */
export interface TallyState {
  readonly seats: number;
  readonly turn: number;
  readonly scores: number[];
  readonly secrets: number[];
  readonly revealed: boolean[];
  readonly target: number;
  /** A pending challenge: `seat` must accept or refuse before play continues. */
  readonly challenge: { readonly seat: number; readonly from: number } | null;
  readonly winner: number | null;
}

const options = z.object({ target: z.number().int().min(5).max(100).default(20) });

/** What a tally game hands on in a campaign: how many were played, and who won the last (seat from 1). */
const tallyCarried = z.strictObject({ games: z.number().int().min(0), lastWinner: z.string().nullable() });

export const tallyGame: GameModule<TallyState, z.infer<typeof options>> = {
  id: 'tally',
  rulesVersion: '1',
  seats: { min: 1, max: 4 },
  optionsSchema: options,
  commandSchemas: {
    add: z.object({ n: z.number().int().min(1).max(3) }).strict(),
    roll: z.object({}).strict(),
    reveal: z.object({}).strict(),
    challenge: z.object({}).strict(),
    answer: z.object({ accept: z.boolean() }).strict(),
    pass: z.object({}).strict(),
  },
  setup(opts, seats, rng, _pack, _rulesVersion, carried) {
    // In a campaign, the first seat starts a point ahead for every game the campaign played before.
    const head = carried === undefined ? 0 : tallyCarried.parse(carried).games;
    return {
      seats: seats.length,
      turn: 0,
      scores: seats.map((_, i) => (i === 0 ? head : 0)),
      secrets: seats.map(() => rng.int(1, 9)),
      revealed: seats.map(() => false),
      target: opts.target,
      challenge: null,
      winner: null,
    };
  },
  decide(state, command, ctx) {
    const seat = ctx.seat;
    if (seat === null) return reject('tally.noSeat');
    if (command.type === 'reveal') {
      if (state.revealed[seat]) return reject('tally.alreadyRevealed');
      const revealed = state.revealed.slice();
      revealed[seat] = true;
      return ok({ state: { ...state, revealed }, events: [{ to: 'public', code: 'tally.revealed', params: { seat, secret: state.secrets[seat] ?? 0 } }], revealed: true });
    }
    if (state.challenge) {
      if (command.type !== 'answer') return reject('core.promptPending', { kind: 'challenge' });
      if (state.challenge.seat !== seat) return reject('core.notYourPrompt');
      const accept = (command.args as { accept: boolean }).accept;
      const scores = state.scores.slice();
      if (accept) scores[state.challenge.from] = (scores[state.challenge.from] ?? 0) + 1;
      return ok({ state: { ...state, scores, challenge: null }, events: [{ to: 'public', code: 'tally.answered', params: { seat, accept } }] });
    }
    if (command.type === 'answer') return reject('tally.noChallenge');
    if (seat !== state.turn) return reject('core.notYourTurn', { seat: state.turn });
    const scores = state.scores.slice();
    const events: GameEvent[] = [];
    switch (command.type) {
      case 'add':
        scores[seat] = (scores[seat] ?? 0) + (command.args as { n: number }).n;
        events.push({ to: 'public', code: 'tally.added', params: { seat, n: (command.args as { n: number }).n } });
        return ok({ state: { ...state, scores, ...finish(state, scores, seat) }, events });
      case 'roll': {
        const value = ctx.rng.die(6);
        scores[seat] = (scores[seat] ?? 0) + value;
        events.push({ to: 'public', code: 'tally.rolled', params: { seat, value } });
        return ok({ state: { ...state, scores, ...finish(state, scores, seat) }, events });
      }
      case 'challenge': {
        if (state.seats < 2) return reject('tally.alone');
        const target = (seat + 1) % state.seats;
        return ok({ state: { ...state, challenge: { seat: target, from: seat } }, events: [{ to: target, code: 'tally.challenged', params: { from: seat } }] });
      }
      case 'pass':
        return ok({ state: { ...state, turn: (state.turn + 1) % state.seats }, events: [{ to: 'public', code: 'tally.passed', params: { seat } }] });
      default:
        return reject('core.unknownCommand', { type: command.type });
    }
  },
  publicView(state) {
    return {
      turn: state.turn,
      scores: state.scores,
      revealed: state.secrets.map((s, i) => (state.revealed[i] ? s : null)),
      challenge: state.challenge as Json,
      winner: state.winner,
    };
  },
  viewFor(state, seat) {
    return { ...(this.publicView(state) as Record<string, Json>), mySecret: state.secrets[seat] ?? null };
  },
  secretsFor(state, seat) {
    return [{ to: seat, code: 'tally.secret', params: { value: state.secrets[seat] ?? 0 } }];
  },
  prompts(state) {
    if (!state.challenge) return [];
    return [
      {
        seat: state.challenge.seat,
        kind: 'challenge',
        options: [true, false].map((accept) => ({ label: { code: accept ? 'tally.accept' : 'tally.refuse' }, command: { type: 'answer', args: { accept } } })),
      },
    ];
  },
  awaiting(state) {
    if (state.winner !== null) return { seats: [], kind: 'none' };
    if (state.challenge) return { seats: [state.challenge.seat], kind: 'challenge' };
    return { seats: [state.turn], kind: 'turn' };
  },
  status(state) {
    return state.winner === null ? { phase: 'playing' } : { phase: 'won', reason: `seat ${state.winner}` };
  },
  legalCommands(state, seat) {
    if (state.winner !== null) return [];
    const cmds = [] as { type: string; args: Record<string, unknown> }[];
    if (!state.revealed[seat]) cmds.push({ type: 'reveal', args: {} });
    if (state.challenge) {
      if (state.challenge.seat === seat) cmds.push({ type: 'answer', args: { accept: true } }, { type: 'answer', args: { accept: false } });
      return cmds;
    }
    if (seat !== state.turn) return cmds;
    cmds.push({ type: 'add', args: { n: 1 } }, { type: 'add', args: { n: 3 } }, { type: 'roll', args: {} }, { type: 'pass', args: {} });
    if (state.seats > 1) cmds.push({ type: 'challenge', args: {} });
    return cmds;
  },
  campaign: {
    carriedSchema: tallyCarried,
    carry(state, received) {
      const before = received === null ? 0 : tallyCarried.parse(received).games;
      return { games: before + 1, lastWinner: state.winner === null ? null : `seat ${state.winner + 1}` };
    },
    results: (state) => state.scores.map((_, seat) => ({ seat, side: 'campaign.side.patient', won: state.winner === seat })),
    describeCarried: (carried) => [{ code: 'tally.carried', params: { games: tallyCarried.parse(carried).games } }],
  },
  timeoutAction(state, seat) {
    if (state.challenge?.seat === seat) return { type: 'answer', args: { accept: false } };
    return state.turn === seat ? { type: 'pass', args: {} } : null;
  },
};

function finish(state: TallyState, scores: number[], seat: number): Partial<TallyState> {
  return (scores[seat] ?? 0) >= state.target ? { winner: seat } : {};
}
