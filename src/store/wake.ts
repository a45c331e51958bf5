import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from './client.ts';

/** The PostgreSQL channel a command's append notifies at its commit (payload `<origin>:<gameId>`). */
export const OUTBOX_CHANNEL = 'tk_outbox';

/** Who appended: the process that committed (its own dispatcher was already woken in process). */
export interface Committed {
  readonly gameId: string;
  /** True when another process (another shard) committed it. */
  readonly remote: boolean;
}

/**
 * Wakes whoever waits for committed outbox rows (the dispatcher) the moment a command commits, instead
 * of at its next poll, and tells other processes which game moved (their game caches drop it). In this
 * process the append calls `committed` directly; on PostgreSQL the append's `pg_notify` reaches every
 * process through one dedicated LISTEN connection (postgres.js). On PGlite there is one process: the
 * in-process call is all there is.
 */
export interface WakeSignal {
  /** This process's id, written into each notification so it can ignore its own. */
  readonly origin: string;
  /** Called by the app once its append committed. */
  committed(gameId: string): void;
  /** Registers a listener; returns its removal. */
  on(listener: (event: Committed) => void): () => void;
  /** Whether the LISTEN connection is up (always true on PGlite). */
  listening(): boolean;
  close(): Promise<void>;
}

/** How many reconnects a lost LISTEN connection tries, spaced by postgres.js itself; the poll covers the gap. */
const LISTEN_OPTIONS = { max: 1, idle_timeout: 0, connect_timeout: 5, onnotice: () => undefined } as const;

/** Opens the wake signal for a database: LISTEN on PostgreSQL (when `url` is known), in process otherwise. */
export async function openWakeSignal(db: Database, options: { readonly onError?: (error: unknown) => void } = {}): Promise<WakeSignal> {
  const origin = randomUUID().slice(0, 8);
  const listeners = new Set<(event: Committed) => void>();
  const emit = (event: Committed): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  let sql: postgres.Sql | null = null;
  let up = db.kind === 'pglite';
  if (db.kind === 'postgres' && db.url) {
    sql = postgres(db.url, LISTEN_OPTIONS);
    try {
      await sql.listen(
        OUTBOX_CHANNEL,
        (payload) => {
          const cut = payload.indexOf(':');
          const from = payload.slice(0, cut);
          if (cut < 0 || from === origin) return;
          emit({ gameId: payload.slice(cut + 1), remote: true });
        },
        () => {
          up = true;
        },
      );
      up = true;
    } catch (error) {
      up = false;
      options.onError?.(error);
    }
  }
  return {
    origin,
    committed(gameId) {
      emit({ gameId, remote: false });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => up,
    async close() {
      listeners.clear();
      await sql?.end({ timeout: 1 });
    },
  };
}
