import { applyCommand, genesisSnapshot, type GameCommand, type GameEvent, type Genesis, type LogEntry, type Snapshot } from '../../core/index.ts';
import type { LifeformPack } from './content.ts';
import { lifeformGame } from './index.ts';
import type { LifeformState } from './state.ts';

export interface Played {
  readonly genesis: Genesis;
  readonly log: LogEntry[];
  readonly last: Snapshot<LifeformState>;
  readonly steps: { command: GameCommand; seat: number; events: readonly GameEvent[]; state: LifeformState }[];
}

/** Plays `steps` commands picked among legalCommands by `choices` (test-only); throws when a legal command is refused. */
export function playRandom(
  pack: LifeformPack,
  seed: number,
  seats: number,
  choices: readonly number[],
  steps: number,
  check?: (s: LifeformState) => void,
  setting: { rulesVersion?: string; options?: Record<string, unknown> } = {},
): Played {
  const genesis: Genesis = { gameType: 'lifeform', rulesVersion: setting.rulesVersion ?? lifeformGame.rulesVersion, options: setting.options ?? {}, seats: Array.from({ length: seats }, (_, i) => ({ index: i, name: `p${i}` })), seed };
  let snap = genesisSnapshot(lifeformGame, genesis, pack);
  const log: LogEntry[] = [];
  const out: Played['steps'] = [];
  for (let i = 0; i < steps && lifeformGame.status(snap.state).phase === 'playing'; i++) {
    const awaited = lifeformGame.awaiting(snap.state).seats;
    if (awaited.length === 0) throw new Error(`nobody awaited at step ${i}: ${JSON.stringify(snap.state.stack.at(-1))}`);
    const pick = choices[i % choices.length] as number;
    const seat = awaited[pick % awaited.length] as number;
    const legal = lifeformGame.legalCommands(snap.state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} awaited with no legal command: ${JSON.stringify(snap.state.stack.at(-1))}`);
    const command = legal[Math.floor(pick / 7) % legal.length] as GameCommand;
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
    const res = applyCommand(lifeformGame, snap, command, { seat, asHost: false, now: at }, pack);
    if (!res.ok) throw new Error(`legal command refused: ${JSON.stringify(command)} ${JSON.stringify(res.error)}`);
    snap = res.value.snapshot;
    log.push({ seq: i + 1, type: command.type, args: res.value.args, seat, asHost: false, actorUserId: `u${seat}`, at, nonce: `n${i}`, stateHashAfter: res.value.hash, irreversible: res.value.irreversible });
    out.push({ command, seat, events: res.value.events, state: snap.state });
    check?.(snap.state);
  }
  return { genesis, log, last: snap, steps: out };
}
