import { applyCommand, ok, planUndo, reject, replay, UNDO, type GameCommand, type LogEntry, type Rejection, type Result, type TypedWords } from '../core/index.ts';
import { enqueue, loadLog, type GameWithSeats } from '../store/index.ts';
import type { Commit, Decision } from './commit.ts';
import type { Loaded, Loader } from './game-load.ts';
import { players } from './outbox-messages.ts';
import type { AppActor, AppResult, CommandResult } from './types.ts';

/** Who acts: the actor's own seat, or with `asSeat` the host acting for that seat. */
function resolveActor(game: GameWithSeats, actor: AppActor, asSeat?: number): Result<{ seat: number | null; asHost: boolean; isHost: boolean }, Rejection> {
  const isHost = game.hostUserId === actor.userId;
  if (asSeat !== undefined) {
    if (!isHost) return reject('core.notHost');
    if (!players(game).some((s) => s.seat === asSeat)) return reject('core.seat.unknown', { seat: asSeat });
    return ok({ seat: asSeat, asHost: true, isHost });
  }
  const own = players(game).find((s) => s.userId === actor.userId);
  if (own) return ok({ seat: own.seat, asHost: false, isHost });
  return isHost ? ok({ seat: null, asHost: true, isHost }) : reject('core.seat.none');
}

/** A game command applied as `seat` (the host acting when `asHost`): the decision `commit` appends. */
function decideAs(loaded: Loaded, command: GameCommand, seat: number | null, asHost: boolean, now: string): Result<Decision, Rejection> {
  const applied = applyCommand(loaded.module, loaded.snapshot, command, { seat, asHost, now }, loaded.pack?.data);
  if (!applied.ok) return applied;
  const a = applied.value;
  return ok({ type: command.type, args: a.args, seat, asHost, snapshot: a.snapshot, hash: a.hash, events: a.events, irreversible: a.irreversible });
}

/** Game commands from seats, the host and the scheduler, each through `commit`. */
export function createPlay(loader: Loader, commit: Commit) {
  const { prisma } = loader;
  return {
    /**
     * One game command from a seat (or, with `asSeat`, the host acting for it). `nonce` is the Discord
     * interaction id: a repeated delivery is a no-op that returns the earlier result. `expectedSeq` (from a
     * button or autocomplete choice) refuses with `core.movedOn` once the game is past that seq.
     */
    play(gameId: string, actor: AppActor, command: GameCommand, nonce: string, opts: { asSeat?: number; expectedSeq?: number } = {}): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor, opts.asSeat);
        if (!who.ok) return who;
        return decideAs(loaded, command, who.value.seat, who.value.asHost, now);
      }, opts.expectedSeq);
    },

    /**
     * Plays the `index`-th of the actor's legal commands as they stood at `seq` (what `/play`
     * autocomplete or a turn message's button offered; a button also names the seat whose list it is):
     * one load instead of a `legal` call followed by `play`. `announce`: the public events are posted in the
     * game's thread too (a button pressed in a DM, whose reply only the presser sees).
     */
    playLegal(gameId: string, actor: AppActor, choice: { readonly seq: number; readonly index: number; readonly seat?: number }, nonce: string, announce = false): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        if (who.value.seat === null) return reject('core.seat.none');
        // A button lists one seat's moves: anyone else's click would pick another command. A user holding
        // several seats acts as the seat the button names.
        const held = players(loaded.game).filter((s) => s.userId === actor.userId).map((s) => s.seat);
        if (choice.seat !== undefined && !held.includes(choice.seat)) return reject('core.seat.notYours');
        const seat = choice.seat ?? who.value.seat;
        const command = loaded.module.legalCommands(loaded.snapshot.state, seat)[choice.index];
        if (!command) return reject('core.play.pickFromList');
        return decideAs(loaded, command, seat, false, now);
      }, choice.seq, announce, 'core.button.stale');
    },

    /**
     * A command typed in words by the actor (`GameModule.readTyped`: a shuttle conflict payment in Lifeform),
     * read against their own seat in the state it is decided on, then decided and committed like any other
     * (same nonce idempotency). `core.play.pickFromList` when the game reads no typed command now.
     */
    playTyped(gameId: string, actor: AppActor, text: string, words: TypedWords, nonce: string): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        if (who.value.seat === null) return reject('core.seat.none');
        const read = loaded.module.readTyped?.(loaded.snapshot.state, who.value.seat, text, loaded.pack?.data, words) ?? null;
        if (read === null) return reject('core.play.pickFromList');
        if (!read.ok) return read;
        return decideAs(loaded, read.value, who.value.seat, false, now);
      });
    },

    /**
     * Answers the `a`-th prompt with its `b`-th option as they stood at `seq` (a prompt button), in the
     * same load that checks the button is current (`core.button.stale` otherwise).
     */
    playPrompt(gameId: string, actor: AppActor, choice: { readonly seq: number; readonly a: number; readonly b: number }, nonce: string, announce = false): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const option = loaded.module.prompts(loaded.snapshot.state)[choice.a]?.options[choice.b];
        if (!option) return reject('core.button.stale');
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        return decideAs(loaded, option.command, who.value.seat, who.value.asHost, now);
      }, choice.seq, announce, 'core.button.stale');
    },

    /**
     * Plays the game's `timeoutAction` for a seat (a hard deadline, an away seat, or `/game skip`), logged
     * as a host action by `actorUserId`. `core.timeout.none` when the game declares nothing for that wait.
     */
    timeout(gameId: string, seat: number, nonce: string, actorUserId = 'turnkeeper'): AppResult<CommandResult> {
      return commit(gameId, { userId: actorUserId, userName: actorUserId }, nonce, async (loaded, now) => {
        if (!players(loaded.game).some((s) => s.seat === seat)) return reject('core.seat.unknown', { seat });
        const command = loaded.module.timeoutAction?.(loaded.snapshot.state, seat) ?? null;
        if (!command) return reject('schedule.timeout.none', { seat: seat + 1 });
        return decideAs(loaded, command, seat, true, now);
      }, undefined, true);
    },

    /** Takes back the actor's latest command since the undo barrier (the host: anyone's), by replay. */
    undo(gameId: string, actor: AppActor, nonce: string): AppResult<CommandResult> {
      return commit(gameId, actor, nonce, async (loaded, now) => {
        const who = resolveActor(loaded.game, actor);
        if (!who.ok) return who;
        const log = await loadLog(prisma, gameId);
        const target = planUndo(log, { seat: who.value.seat, isHost: who.value.isHost }, loaded.game.checkpointSeq);
        if (!target.ok) return target;
        const undoEntry: LogEntry = {
          seq: loaded.game.seq + 1,
          type: UNDO,
          args: { seq: target.value },
          seat: who.value.seat,
          asHost: who.value.asHost,
          actorUserId: actor.userId,
          at: now,
          nonce,
          stateHashAfter: '',
          irreversible: false,
        };
        const from = await loader.startPoint(gameId, loaded.game.seq);
        const r = replay(loaded.module, loaded.genesis, [...log, undoEntry], loaded.pack?.data, { verify: false, ...(from ? { from } : {}) });
        if (!r.ok) return reject(r.rejection?.code ?? 'core.game.corrupt', { seq: r.seq });
        const undoneType = log.find((e) => e.seq === target.value)?.type ?? '';
        return ok({
          type: UNDO,
          args: undoEntry.args,
          seat: who.value.seat,
          asHost: who.value.asHost,
          snapshot: r.snapshot,
          hash: r.hash,
          events: [{ to: 'public', code: 'core.undone', params: { seq: target.value, type: undoneType } }],
          irreversible: false,
          undoneSeq: target.value,
        });
      });
    },

    /**
     * A public answer whose interaction reply was lost (the interaction expired, Discord failed): queued
     * as a `narration` post for its channel, so the table still reads what happened.
     */
    async queueNarration(channelId: string, content: string, mentions: readonly string[] = []): Promise<void> {
      await enqueue(prisma, null, [{ kind: 'narration', target: { channelId }, payload: { content, mentions: [...mentions] } }]);
    },
  };
}
