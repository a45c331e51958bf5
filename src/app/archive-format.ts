import { z } from 'zod';
import { safeParseForPack } from '../content/schema.ts';
import { err, ok, ownValue, UNDO, type GameModule, type Result } from '../core/index.ts';
import { QUEUES } from '../scheduler/types.ts';
import type { GameExport, ImportProblem } from './types.ts';

type AnyModule = GameModule<any, any, any>;

/** The format an export is written in; `turnkeeper.game/1` files are still read. */
export const EXPORT_FORMAT = 'turnkeeper.game/2' as const;

/** The format of a table record (`/game export` during play), which can be neither imported nor verified. */
export const RECORD_FORMAT = 'turnkeeper.record/1' as const;

/** Canonical ISO 8601 with milliseconds, as the log stores `at` (text that is no date at all is the format check's). */
const isoInstant = z.iso.datetime().refine((at) => Number.isNaN(Date.parse(at)) || new Date(at).toISOString() === at, { error: 'a date and time like 2026-01-31T18:00:00.000Z' });
const name = z.string().min(1).max(200);
const id = z.string().min(1).max(200);
const json = z.json();

const logEntrySchema = z.strictObject({
  seq: z.number().int().min(1),
  type: z.string().min(1).max(100),
  args: json,
  seat: z.number().int().min(0).nullable(),
  asHost: z.boolean(),
  actorUserId: id,
  at: isoInstant,
  nonce: z.string().min(1).max(200),
  stateHashAfter: z.string().min(1).max(200),
  irreversible: z.boolean(),
});

const common = {
  gameType: z.string().min(1).max(64),
  rulesVersion: z.string().min(1).max(64),
  pack: z.strictObject({ id, version: z.string().min(1).max(64), hash: z.string().min(1).max(200).optional() }).nullable(),
  genesis: z.strictObject({
    gameType: z.string().min(1).max(64),
    rulesVersion: z.string().min(1).max(64),
    options: z.unknown(),
    seats: z.array(z.strictObject({ index: z.number().int().min(0), name })).min(1).max(100),
    seed: z.number().int(),
    entropy: z.array(z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1)).length(4).optional(),
    carried: z.unknown().optional(),
  }),
  log: z.array(logEntrySchema),
  checkpoints: z
    .array(
      z.strictObject({
        seq: z.number().int().min(0),
        rulesVersion: z.string().min(1).max(64),
        snapshot: z.strictObject({ state: z.unknown(), rng: z.unknown() }),
        hash: z.string().min(1).max(200),
      }),
    )
    .max(1000)
    .optional(),
};

const v1Schema = z.strictObject({ format: z.literal('turnkeeper.game/1'), ...common });

const v2Schema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  ...common,
  game: z.strictObject({
    id,
    guildId: id,
    channelId: id,
    threadId: id.nullable(),
    status: z.enum(['playing', 'finished', 'abandoned']),
    hostUserId: id,
    locale: z.enum(['en', 'es']),
    seatLimit: z.number().int().min(1).max(100).nullable(),
    policy: json,
    pausedAt: isoInstant.nullable(),
    dormantAt: isoInstant.nullable(),
    lastActivityAt: isoInstant,
    turnSeq: z.number().int().min(-1),
  }),
  seats: z
    .array(
      z.strictObject({
        index: z.number().int().min(0),
        userId: id,
        userName: name,
        role: z.enum(['player', 'spectator']),
        prefs: json.optional(),
        awayUntil: isoInstant.nullable().optional(),
      }),
    )
    .max(1000),
  clocks: z
    .array(
      z.strictObject({
        seat: z.number().int().min(0),
        active: z.boolean(),
        turnSeq: z.number().int().min(-1),
        kind: z.string().min(1).max(100),
        turnStartedAt: isoInstant,
        remindersSent: z.number().int().min(0),
        stalledSent: z.boolean(),
        extensionsThisTurn: z.number().int().min(0),
        extensionsUsed: z.number().int().min(0),
        reminderRef: json,
      }),
    )
    .optional(),
  jobs: z
    .array(z.strictObject({ queue: z.enum(QUEUES), key: z.string().min(1).max(300), seq: z.number().int(), at: isoInstant, data: z.record(z.string(), json) }))
    .optional(),
});

/** `log[3].at`: a zod path as a person reads it. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${String(seg)}` : String(seg)), '');
}

function schemaProblems(schema: z.ZodType, value: unknown, prefix: readonly PropertyKey[] = []): ImportProblem[] {
  const parsed = safeParseForPack(schema, value);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pathText([...prefix, ...issue.path, key]), message: 'a key this format does not have' }));
    }
    return [{ path: pathText([...prefix, ...issue.path]), message: `expected ${issue.message}` }];
  });
}

/**
 * Checks every part of a game document that can be checked without replaying it: its shape, the game and
 * rules version, the options against the game's options schema, the seats, each log entry (order, seat,
 * command and arguments, undo targets) and, in a backup, seats, clocks and jobs. Returns every problem
 * found, each with its path, so one run lists them all.
 */
export function checkExport(doc: unknown, moduleFor: (gameType: string) => AnyModule | undefined): Result<GameExport & { module: AnyModule }, ImportProblem[]> {
  const format = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as { format?: unknown }).format : undefined;
  if (format === RECORD_FORMAT) {
    return err([{ path: 'format', message: 'a verifiable game file, but this is a table record (no seed, no arguments): it can be read, never imported nor verified' }]);
  }
  if (format !== 'turnkeeper.game/1' && format !== EXPORT_FORMAT) {
    return err([{ path: 'format', message: `expected "turnkeeper.game/1" or "${EXPORT_FORMAT}", the format of a game file` }]);
  }
  const shape = schemaProblems(format === EXPORT_FORMAT ? v2Schema : v1Schema, doc);
  if (shape.length > 0) return err(shape);
  const d = doc as GameExport;
  const module = moduleFor(d.gameType);
  if (!module) return err([{ path: 'gameType', message: `expected a game this bot plays; "${d.gameType}" is not one` }]);
  const problems: ImportProblem[] = [];
  const add = (path: string, message: string) => void problems.push({ path, message });
  if (d.genesis.gameType !== d.gameType) add('genesis.gameType', `expected "${d.gameType}", the document's game`);
  const replayable = [...(module.olderRulesVersions ?? []), module.rulesVersion];
  if (!replayable.includes(d.rulesVersion)) add('rulesVersion', `expected rules version ${replayable.join(' or ')}, which this bot replays; the game was played with ${d.rulesVersion}`);
  const checkpoints = d.checkpoints ?? [];
  const lastVersion = checkpoints.at(-1)?.rulesVersion ?? d.genesis.rulesVersion;
  if (lastVersion !== d.rulesVersion) add(checkpoints.length > 0 ? `checkpoints[${checkpoints.length - 1}].rulesVersion` : 'genesis.rulesVersion', `expected ${d.rulesVersion}, the document's rules version`);
  const lastSeq = d.log.at(-1)?.seq ?? 0;
  checkpoints.forEach((c, i) => {
    if (c.seq > lastSeq) add(`checkpoints[${i}].seq`, `expected a seq from 0 to ${lastSeq}, within the log`);
    if (i > 0 && c.seq <= (checkpoints[i - 1]?.seq ?? 0)) add(`checkpoints[${i}].seq`, 'expected a seq after the checkpoint before');
    const before = i > 0 ? checkpoints[i - 1]?.rulesVersion : d.genesis.rulesVersion;
    if (c.rulesVersion === before) add(`checkpoints[${i}].rulesVersion`, `expected another rules version than the segment before (${before ?? ''})`);
  });
  problems.push(...schemaProblems(module.optionsSchema, d.genesis.options, ['genesis', 'options']));
  if (d.genesis.carried !== undefined) {
    if (module.campaign) problems.push(...schemaProblems(module.campaign.carriedSchema, d.genesis.carried, ['genesis', 'carried']));
    else add('genesis.carried', `expected nothing: ${d.gameType} carries nothing from game to game`);
  }
  const seats = d.genesis.seats;
  seats.forEach((s, i) => s.index !== i && add(`genesis.seats[${i}].index`, `expected ${i}: seats are numbered from 0 in order`));
  if (seats.length < module.seats.min || seats.length > module.seats.max) add('genesis.seats', `expected ${module.seats.min} to ${module.seats.max} seats, found ${seats.length}`);
  const nonces = new Set<string>();
  /** Commands up to here were played under rules this bot no longer has: their types and arguments are not its own. */
  const anchoredTo = checkpoints.reduce((to, c, i) => (replayable.includes(i > 0 ? (checkpoints[i - 1]?.rulesVersion ?? '') : d.genesis.rulesVersion) ? to : c.seq), 0);
  d.log.forEach((e, i) => {
    const at = `log[${i}]`;
    if (e.seq !== i + 1) add(`${at}.seq`, `expected ${i + 1}: commands are numbered from 1 without gaps`);
    if (nonces.has(e.nonce)) add(`${at}.nonce`, 'expected a nonce no earlier command used');
    nonces.add(e.nonce);
    if (e.seat !== null && e.seat >= seats.length) add(`${at}.seat`, `expected a seat from 0 to ${seats.length - 1}, or null for the host`);
    if (i > 0 && e.at < (d.log[i - 1]?.at ?? '')) add(`${at}.at`, 'expected a time no earlier than the command before');
    if (e.type === UNDO) {
      const target = (e.args as { seq?: unknown } | null)?.seq;
      if (typeof target !== 'number' || !Number.isInteger(target) || target < 1 || target >= e.seq) add(`${at}.args.seq`, 'expected the seq of an earlier command');
      return;
    }
    if (e.seq <= anchoredTo) return;
    const schema = ownValue(module.commandSchemas, e.type);
    if (!schema) add(`${at}.type`, `expected a command of ${d.gameType}; "${e.type}" is not one`);
    else problems.push(...schemaProblems(schema, e.args, ['log', i, 'args']));
  });
  if (d.game) problems.push(...backupProblems(d));
  return problems.length > 0 ? err(problems) : ok({ ...d, module });
}

/** A backup's seats, clocks and jobs against its genesis and game row. */
function backupProblems(d: GameExport): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const add = (path: string, message: string) => void problems.push({ path, message });
  const seats = d.seats ?? [];
  const players = seats.filter((s) => s.role === 'player');
  const seatCount = d.genesis.seats.length;
  d.genesis.seats.forEach((g) => {
    if (!players.some((p) => p.index === g.index)) add('seats', `expected a player at seat index ${g.index}, as the genesis has`);
  });
  const users = new Set<string>();
  const indexes = new Set<number>();
  seats.forEach((s, i) => {
    if (users.has(s.userId)) add(`seats[${i}].userId`, 'expected each user once');
    if (indexes.has(s.index)) add(`seats[${i}].index`, 'expected each index once');
    users.add(s.userId);
    indexes.add(s.index);
    if (s.role === 'player' && s.index >= seatCount) add(`seats[${i}].index`, `expected a player seat from 0 to ${seatCount - 1}`);
  });
  const clockSeats = new Set<number>();
  (d.clocks ?? []).forEach((c, i) => {
    if (c.seat >= seatCount) add(`clocks[${i}].seat`, `expected a seat from 0 to ${seatCount - 1}`);
    if (clockSeats.has(c.seat)) add(`clocks[${i}].seat`, 'expected one clock per seat');
    clockSeats.add(c.seat);
  });
  const gameId = d.game?.id ?? '';
  (d.jobs ?? []).forEach((j, i) => {
    if ((j.data as Record<string, unknown>)['gameId'] !== gameId) add(`jobs[${i}].data.gameId`, `expected "${gameId}", the exported game's id`);
    if (!j.key.includes(gameId)) add(`jobs[${i}].key`, "expected a key naming the exported game's id");
  });
  return problems;
}
