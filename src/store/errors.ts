/**
 * Prisma's "unique constraint failed" (a seq or nonce already taken): P2002 from the query builder, or
 * PostgreSQL's 23505 inside P2010 ("raw query failed") from a raw statement.
 */
export function isUniqueViolation(error: unknown): boolean {
  type Cause = { kind?: unknown; originalCode?: unknown };
  const e = error as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: Cause } } } | null;
  if (e?.code === 'P2002') return true;
  const cause = e?.meta?.driverAdapterError?.cause;
  return e?.code === 'P2010' && (e.meta?.code === '23505' || cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation');
}

/** Prisma's "record to update not found": an optimistic guard (seq, version, status) did not match. */
export function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2025';
}

/** Columns of the violated unique constraint, as driver adapters report them (quotes removed). */
export function uniqueFields(error: unknown): readonly string[] {
  type Cause = { constraint?: { fields?: unknown; index?: unknown }; originalMessage?: unknown };
  const meta = (error as { meta?: { target?: unknown; driverAdapterError?: { cause?: Cause } } }).meta;
  const cause = meta?.driverAdapterError?.cause;
  const fields = cause?.constraint?.fields ?? meta?.target;
  if (Array.isArray(fields)) return fields.map((f) => String(f).replace(/"/g, ''));
  const name = /constraint "([^"]+)"/.exec(String(cause?.originalMessage ?? ''))?.[1] ?? String(cause?.constraint?.index ?? '');
  return name.split('_').slice(1, -1);
}

/** Driver adapter error kinds: no connection was made (nothing sent), or the link broke or timed out. */
const REFUSED_KINDS = new Set(['DatabaseNotReachable', 'TooManyConnections', 'TlsConnectionError']);
const BROKEN_KINDS = new Set(['ConnectionClosed', 'SocketTimeout']);

/**
 * PostgreSQL codes of a server refusing a connection (57P03 starting up or shutting down, 53300 too many
 * connections, 08001/08004 could not connect) or going away under one (the rest of class 08, 57P01 and
 * 57P02 shut down, 57014 statement timeout).
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const REFUSED_CODES = /^(57P03|53300|08001|08004)$/;
const BROKEN_CODES = /^(08...|57P0[12]|57014)$/;

/** Prisma's codes for a server it could not reach (P1001, P1002, P2024: no pooled connection in time) or lost (P1008, P1017). */
const REFUSED_PRISMA = new Set(['P1001', 'P1002', 'P2024']);
const BROKEN_PRISMA = new Set(['P1008', 'P1017']);

/** What the pg driver throws when it cannot connect or get a pooled connection in time, or a link breaks. */
const REFUSED_MESSAGES = /timeout expired|timeout exceeded when trying to connect|connect ECONNREFUSED|Connection terminated due to connection timeout/;
const BROKEN_MESSAGES = /Connection terminated|Query read timeout|Client has encountered a connection error|read ECONNRESET|write EPIPE|ETIMEDOUT/;

/**
 * How a failed database call failed: `refused` (no connection: the statement never left), `broken` (the
 * link broke or a limit ran out with the statement possibly sent), or `other` (not the database's reach).
 */
export type DatabaseFault = 'refused' | 'broken' | 'other';

/**
 * Tells a stopped, frozen or cut-off database from a bug, whatever layer reported it: Prisma's P1xxx,
 * P2010 ("raw query failed") carrying a driver adapter cause, a PostgreSQL error code, or the pg
 * driver's own errors (a connection cut, a timeout).
 */
export function databaseFault(error: unknown): DatabaseFault {
  type Cause = { kind?: unknown; originalCode?: unknown; code?: unknown };
  const e = error as { code?: unknown; message?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: Cause } }; cause?: Cause & { message?: unknown } } | null;
  if (!e || typeof e !== 'object') return 'other';
  const cause = e.meta?.driverAdapterError?.cause ?? e.cause;
  const kind = typeof cause?.kind === 'string' ? cause.kind : '';
  const codes = [e.meta?.code, cause?.originalCode, cause?.code, e.code].filter((c): c is string => typeof c === 'string');
  const message = `${String(e.message ?? '')} ${String((e.cause as { message?: unknown } | undefined)?.message ?? '')}`;
  if (REFUSED_KINDS.has(kind) || codes.some((c) => REFUSED_PRISMA.has(c) || REFUSED_CODES.test(c) || c === 'ECONNREFUSED' || c === 'ENOTFOUND') || REFUSED_MESSAGES.test(message)) return 'refused';
  if (BROKEN_KINDS.has(kind) || codes.some((c) => BROKEN_PRISMA.has(c) || BROKEN_CODES.test(c) || c === 'ECONNRESET' || c === 'ETIMEDOUT' || c === 'EPIPE') || BROKEN_MESSAGES.test(message)) return 'broken';
  return 'other';
}

/** True when the database was stopped, frozen past its limits or cut off (answered "try again shortly"). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFault(error) !== 'other';
}
