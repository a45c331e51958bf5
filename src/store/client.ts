import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import { openMigratedInMemory } from './memory.ts';
import { migrate } from './migrate.ts';

export type { PrismaClient };

/** An open database: PostgreSQL when configured, otherwise embedded PGlite (ARCHITECTURE.md "Folders"). */
export interface Database {
  readonly prisma: PrismaClient;
  readonly kind: 'postgres' | 'pglite';
  /** The connection string (PostgreSQL only): for the dedicated LISTEN connection of `openWakeSignal`. */
  readonly url?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Defaults to `process.env.DATABASE_URL`; ignored when `memory` is set. */
  readonly databaseUrl?: string;
  /** Root for the embedded database (`<dataDir>/pglite`); default `./data`. */
  readonly dataDir?: string;
  /** Embedded and in memory: for tests. */
  readonly memory?: boolean;
  /** Apply pending migrations first (default true). */
  readonly migrate?: boolean;
  /** Connection pool size for PostgreSQL. */
  readonly poolSize?: number;
  /**
   * Name each distinct statement so PostgreSQL parses and plans it once per connection (default true);
   * `DATABASE_PREPARED_STATEMENTS=false` turns it off for poolers that cannot carry named statements.
   */
  readonly preparedStatements?: boolean;
  /** Limits that keep a stopped or frozen PostgreSQL from holding a command without end. */
  readonly timeouts?: Partial<DatabaseTimeouts>;
}

/**
 * How long a command may wait on PostgreSQL at each step (`DATABASE_*_TIMEOUT_MS`). A frozen server
 * cannot enforce its own `statement_timeout`, so the client also gives up `QUERY_GRACE_MS` after it.
 */
export interface DatabaseTimeouts {
  /** Opening one connection (TCP + start-up). */
  readonly connectMs: number;
  /** Waiting for a pooled connection, a new one included, before a statement can start. */
  readonly acquireMs: number;
  /** One statement (server side), and how long a transaction may sit idle. */
  readonly statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, acquireMs: 5_000, statementMs: 10_000 };

/** The client's own limit on a statement's answer comes this long after the server's `statement_timeout`. */
export const QUERY_GRACE_MS = 1_000;

/** pg settings for the limits: the pool's wait, each connection's own connect timeout, statement limits, TCP keep-alive. */
export function poolSettings(timeouts: DatabaseTimeouts): pg.PoolConfig {
  const connectMs = timeouts.connectMs;
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  return {
    Client: TimedClient as unknown as pg.PoolConfig['Client'],
    connectionTimeoutMillis: timeouts.acquireMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_GRACE_MS,
    idle_in_transaction_session_timeout: timeouts.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** Distinct statements one process names; past this a new text runs unnamed, so each connection's cache stays bounded. */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * Names statements by their text: the same SQL always gets the same name (`tk_<n>`), at most `limit`
 * names, then `undefined` (run unnamed). The pg driver remembers which names each connection has
 * prepared and sends only Bind/Execute for a name it has seen.
 */
export function statementNamer(limit = MAX_NAMED_STATEMENTS): (query: { readonly sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= limit) return known;
    const name = `tk_${names.size}`;
    names.set(sql, name);
    return name;
  };
}

/** Opens the store: `DATABASE_URL` → PostgreSQL through PrismaPg; otherwise PGlite on disk or in memory. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.memory ? undefined : (options.databaseUrl ?? process.env.DATABASE_URL);
  if (url) {
    if (options.migrate !== false) await migrate({ databaseUrl: url });
    const adapter = new PrismaPg(
      { connectionString: url, ...poolSettings({ ...DEFAULT_TIMEOUTS, ...options.timeouts }), ...(options.poolSize ? { max: options.poolSize } : {}) },
      // The adapter's type wants a name for every statement; `undefined` (past the limit) runs it unnamed in pg.
      options.preparedStatements === false ? {} : { statementNameGenerator: statementNamer() as (query: { sql: string }) => string },
    );
    const prisma = new PrismaClient({ adapter });
    return { prisma, kind: 'postgres', url, close: () => prisma.$disconnect() };
  }
  let pglite: PGlite;
  if (options.memory && options.migrate !== false) {
    pglite = await openMigratedInMemory();
  } else if (options.memory) {
    pglite = await PGlite.create();
  } else {
    const dir = path.join(options.dataDir ?? './data', 'pglite');
    await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir);
    if (options.migrate !== false) await migrate({ pglite });
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    kind: 'pglite',
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
