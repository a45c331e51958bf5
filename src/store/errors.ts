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
