import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** How deep causes and nested objects are followed when errors are made safe. */
const MAX_DEPTH = 4;
const MAX_FRAMES = 12;
const WORD = /^[A-Za-z0-9_.:[\]-]{1,64}$/;
/** A stack frame (`at fn (file:line:col)`); the lines above the frames repeat the message and are dropped. */
const FRAME = /^\s+at \S.*(:\d+:\d+\)?|\((native|<anonymous>)\))$/;
const PATH_SEGMENT = /^(\d{1,20}|[A-Za-z@._-][A-Za-z0-9@._-]{0,23})$/;

function word(value: unknown): string | number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof value === 'string' && WORD.test(value) ? value : undefined;
}

function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).stack === 'string' && typeof (value as Error).message === 'string');
}

/** A URL's path only, with every segment that is not an id or a route word (interaction and webhook tokens) replaced. */
function safePath(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x').pathname;
  } catch {
    return undefined;
  }
  return pathname
    .split('/')
    .map((s) => (s === '' || PATH_SEGMENT.test(s) ? s : ':redacted'))
    .join('/');
}

function jsonSize(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  try {
    return Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  } catch {
    return undefined;
  }
}

/** Prisma's `meta`: the model and the constraint's target (column or index names), and the database's own code. */
function prismaMeta(meta: unknown): Record<string, unknown> {
  if (typeof meta !== 'object' || meta === null) return {};
  type Cause = { kind?: unknown; originalCode?: unknown; code?: unknown; constraint?: { fields?: unknown; index?: unknown } };
  const m = meta as { modelName?: unknown; target?: unknown; driverAdapterError?: { cause?: Cause } };
  const cause = m.driverAdapterError?.cause;
  const named = m.target ?? cause?.constraint?.fields ?? cause?.constraint?.index;
  const target = Array.isArray(named) ? named.map((f) => word(String(f).replace(/"/g, ''))).filter((x) => x !== undefined) : word(named);
  return {
    ...(word(m.modelName) !== undefined ? { model: word(m.modelName) } : {}),
    ...(target !== undefined && (!Array.isArray(target) || target.length > 0) ? { target } : {}),
    ...(cause && word(cause.kind) !== undefined ? { dbKind: word(cause.kind) } : {}),
    ...(cause && word(cause.originalCode ?? cause.code) !== undefined ? { dbCode: word(cause.originalCode ?? cause.code) } : {}),
  };
}

/**
 * An error as logs may hold it: its type, codes, HTTP status, method and path, sizes and code
 * locations, never its message or payload. A DiscordAPIError's `requestBody` is a DM's private text,
 * a Prisma error's message quotes the query's arguments (a game's seed and state), a PostgreSQL
 * `detail` quotes the row: none of them is written, only their sizes.
 */
export function safeError(value: unknown, depth = 0): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && made.has(value)) return value as Record<string, unknown>;
  if (!isErrorLike(value)) return mark({ type: value === null ? 'null' : typeof value, ...(typeof value === 'string' ? { messageLength: value.length } : {}) });
  const e = value as Error & Record<string, unknown>;
  const name = word(e.name) ?? word(e.constructor?.name) ?? 'Error';
  const body = e.requestBody as { json?: unknown; files?: unknown } | undefined;
  const frames = (e.stack ?? '').split('\n').filter((line) => FRAME.test(line)).slice(0, MAX_FRAMES).map((line) => line.trim());
  const out: Record<string, unknown> = {
    type: name,
    ...(word(e.code) !== undefined ? { code: word(e.code) } : {}),
    ...(word(e.errorCode) !== undefined ? { code: word(e.errorCode) } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.method === 'string' && /^[A-Za-z]{3,7}$/.test(e.method) ? { method: e.method.toUpperCase() } : {}),
    ...(safePath(e.url) !== undefined ? { path: safePath(e.url) } : {}),
    ...prismaMeta(e.meta),
    messageLength: e.message.length,
    ...(body && typeof body === 'object' && jsonSize(body.json) !== undefined ? { requestBytes: jsonSize(body.json) } : {}),
    ...(body && Array.isArray(body.files) ? { requestFiles: body.files.length } : {}),
    ...(frames.length ? { stack: frames } : {}),
  };
  if (Array.isArray(e.errors)) out.errors = e.errors.length;
  if (e.cause !== undefined && depth < MAX_DEPTH) out.cause = safeError(e.cause, depth + 1);
  return mark(out);
}

/** Objects `safeError` made (already safe when pino's `err` serializer meets them after `scrub`). */
const made = new WeakSet<object>();

function mark(safe: Record<string, unknown>): Record<string, unknown> {
  made.add(safe);
  return safe;
}

/** Every error anywhere in a log line's object (not only under `err`) goes through `safeError`. */
function scrub(value: unknown, depth: number): unknown {
  if (isErrorLike(value)) return safeError(value);
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.some((v) => typeof v === 'object' && v !== null) ? value.map((v) => scrub(v, depth + 1)) : value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'object' || v === null) continue;
    const clean = scrub(v, depth + 1);
    if (clean !== v) (copy ??= { ...(value as Record<string, unknown>) })[key] = clean;
  }
  return copy ?? value;
}

/**
 * JSON logs on stdout (pino); one logger per process, children per component. Logs hold ids, codes
 * and sizes: errors anywhere in a line are reduced by `safeError`, and an error logged on its own gets
 * its type as the message, never its text. `destination` is for tests that read what is written.
 */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { app: 'turnkeeper' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: (e: unknown) => safeError(e) },
    formatters: { log: (obj) => scrub(obj, 0) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (isErrorLike(first) && typeof second !== 'string') return method.apply(this, [{ err: first }, safeError(first).type as string]);
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
