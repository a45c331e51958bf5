/**
 * The statements of `/away`, `/back` and `/prefs` (src/app/schedule-absence.ts), kept once per member
 * (issue 14). Stamps are the database's clock, as `Seat.joinedAt` is, taken once the member's row is locked.
 */

/** The instant a statement runs at, to the millisecond as `joinedAt` keeps it. */
const STAMP = `clock_timestamp()::timestamptz(3)`;

/** `$2` (a JSON object of prefs) with each key stamped: `{ [key]: { v, at } }`. */
const STAMPED_PATCH = `(SELECT coalesce(jsonb_object_agg(e.k, jsonb_build_object('v', e.v, 'at', to_jsonb(${STAMP}))), '{}'::jsonb) FROM jsonb_each($2::jsonb) AS e(k, v))`;

/** The member's row as it stood, locked until the transaction ends: two changes of one member run one after the other. */
export const LOCK_MEMBER_SQL = `SELECT "awayUntil", "awaySetAt" FROM "Member" WHERE "userId" = $1 FOR UPDATE`;

const RETURNING = `RETURNING "userId", "prefs", "awayUntil", "awaySetAt"`;

/** The member's row written (created when missing): an absence (`$2`, null for `/back`), member-wide prefs (`$2`), or nothing. */
export const MEMBER_SQL = {
  away: `
INSERT INTO "Member" ("userId", "awayUntil", "awaySetAt", "updatedAt") VALUES ($1, $2::timestamptz, ${STAMP}, ${STAMP})
ON CONFLICT ("userId") DO UPDATE SET "awayUntil" = EXCLUDED."awayUntil", "awaySetAt" = ${STAMP}, "updatedAt" = ${STAMP}
${RETURNING}`,
  prefs: `
INSERT INTO "Member" ("userId", "prefs", "updatedAt") VALUES ($1, ${STAMPED_PATCH}, ${STAMP})
ON CONFLICT ("userId") DO UPDATE SET "prefs" = "Member"."prefs" || ${STAMPED_PATCH}, "updatedAt" = ${STAMP}
${RETURNING}`,
  none: `
INSERT INTO "Member" ("userId", "updatedAt") VALUES ($1, ${STAMP})
ON CONFLICT ("userId") DO UPDATE SET "updatedAt" = "Member"."updatedAt"
${RETURNING}`,
} as const;

/** `/prefs game:`: the one seat's own prefs, each key of the patch stamped (`Seat.prefsAt`) so it outranks older member-wide choices. */
export const SEAT_PREFS_SQL = `
UPDATE "Seat" s
   SET "prefs" = s."prefs" || $3::jsonb,
       "prefsAt" = s."prefsAt" || (SELECT coalesce(jsonb_object_agg(k, to_jsonb(${STAMP})), '{}'::jsonb) FROM jsonb_object_keys($3::jsonb) AS k)
  FROM "Game" g
 WHERE g."id" = s."gameId" AND s."userId" = $1 AND s."gameId" = $2 AND s."role" = 'player' AND g."status" IN ('lobby', 'playing')`;

/** The member's open seats (every one, or one game's: `$2`). */
const OPEN_SEATS = `
  FROM "Seat" s
  JOIN "Game" g ON g."id" = s."gameId"
  LEFT JOIN "GuildSettings" gs ON gs."guildId" = g."guildId"
  LEFT JOIN "Member" m ON m."userId" = s."userId"`;
const OPEN_WHERE = `s."userId" = $1 AND s."role" = 'player' AND g."status" IN ('lobby', 'playing') AND ($2::text IS NULL OR s."gameId" = $2::text)`;

/** A seat's prefs with its member's row merged in, key by key, exactly as `effectiveChoices` (src/store/members.ts) merges them. */
const EFFECTIVE_PREFS = `s."prefs" || coalesce((
    SELECT jsonb_object_agg(e.k, e.v->'v') FROM jsonb_each(m."prefs") AS e(k, v)
     WHERE (e.v->>'at')::timestamptz >= s."joinedAt"
       AND (e.v->>'at')::timestamptz > coalesce((s."prefsAt"->>e.k)::timestamptz, '-infinity'::timestamptz)
  ), '{}'::jsonb)`;

/**
 * What the rules check, read as a few groups instead of one row per seat: the member's open seats
 * grouped by their game's and server's policies and by the prefs each seat follows (a member of 1,000
 * games has a handful of such groups). `first` is the lowest seat id of a group (the seat `/prefs` answers with).
 */
export const SUMMARY_SQL = `
SELECT g."policy", gs."policy" AS "guildPolicy", ${EFFECTIVE_PREFS} AS "prefs", count(*)::int AS "seats", min(s."id") AS "first"
${OPEN_SEATS}
 WHERE ${OPEN_WHERE}
 GROUP BY 1, 2, 3`;

/** A seat's own job, found by its key (`r.`, `s.` or `d.` + game + seat). */
const jobOf = (queue: string, prefix: string) => `j."queue" = '${queue}' AND j."key" = '${prefix}.' || s."gameId" || '.' || s."index"`;
const OWN_JOBS = `((${jobOf('reminder', 'r')}) OR (${jobOf('reminder', 's')}) OR (${jobOf('deadline', 'd')}))`;

/** Games that skip an absent player's seat or time it out (`wait` is the default, as `resolvePolicy` merges them). */
const NOT_WAITING_FOR_ABSENT = `coalesce(g."policy"->'away'->>'mode', gs."policy"->'away'->>'mode', 'wait') <> 'wait' OR s."awayUntil" IS NOT NULL`;

/**
 * Which waiting seats a change may bring a job forward for (or create one), so only those are read and
 * planned; every other seat's jobs still hold, and each works its time out again when it falls due.
 * - `all`: every waiting seat (quiet hours or time zone changed, one game's prefs).
 * - `absence` (`/away`, `/back` when the member was not away): games that skip or time out an absent
 *   player (seats skipped at once, `away` deadlines) and seats with an absence of their own.
 * - `return` (`/away`, `/back` when the member was away until `$3`, since `$4`): those, and the seats
 *   whose jobs that absence held back or dropped: a job due at or after `$3`, an `away` deadline, a wait
 *   begun during it, a reminder or stalled notice missing (`f`: the seat's own jobs, one index probe).
 */
export const CANDIDATES = {
  all: { join: '', where: 'true' },
  absence: { join: '', where: NOT_WAITING_FOR_ABSENT },
  return: {
    join: `
  LEFT JOIN LATERAL (
    SELECT bool_or(j."at" >= $3::timestamptz OR j."data"->>'kind' = 'away') AS "held",
           bool_or(j."queue" = 'reminder' AND j."key" = 'r.' || s."gameId" || '.' || s."index") AS "reminder",
           bool_or(j."queue" = 'reminder' AND j."key" = 's.' || s."gameId" || '.' || s."index") AS "stalled"
      FROM "ScheduledJob" j WHERE j."gameId" = s."gameId" AND ${OWN_JOBS}
  ) f ON true`,
    where: `${NOT_WAITING_FOR_ABSENT}
    OR c."turnStartedAt" >= $4::timestamptz OR f."held" OR f."reminder" IS NOT TRUE OR (NOT c."stalledSent" AND f."stalled" IS NOT TRUE)`,
  },
} as const;

/**
 * The candidate waiting seats (`CANDIDATES`) with what planning needs: the seat's own choices, its game
 * and policies, its clock and its own jobs as they stand. `$3` and `$4` (the member's previous absence) are
 * passed for `return` only.
 */
export function seatsSql(candidates: keyof typeof CANDIDATES): string {
  return `
SELECT s."id", s."gameId", s."index", s."role"::text AS "role", s."prefs", s."prefsAt", s."awayUntil", s."joinedAt",
       g."policy", gs."policy" AS "guildPolicy", g."status"::text AS "status", g."pausedAt",
       c."seat" AS "clockSeat", c."active", c."turnSeq", c."kind", c."turnStartedAt", c."remindersSent",
       c."stalledSent", c."extensionsThisTurn", c."extensionsUsed",
       (SELECT json_agg(json_build_object('queue', j."queue", 'key', j."key", 'gameId', j."gameId", 'seq', j."seq", 'at', j."at", 'data', j."data"))
          FROM "ScheduledJob" j WHERE j."gameId" = s."gameId" AND ${OWN_JOBS}) AS "jobs"
${OPEN_SEATS}
  JOIN "SeatClock" c ON c."gameId" = s."gameId" AND c."seat" = s."index" AND c."active"${CANDIDATES[candidates].join}
 WHERE ${OPEN_WHERE} AND (${CANDIDATES[candidates].where})
 ORDER BY s."id"`;
}
