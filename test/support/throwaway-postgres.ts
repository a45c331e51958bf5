import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl on a spare port in a temp dir), so a fault test
 * may stop, freeze (SIGSTOP) or restart it without touching the shared server at 127.0.0.1:5432.
 */
export interface ThrowawayPostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** Creates a database and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: open connections are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers. */
  freeze(): Promise<void>;
  /** SIGCONT to the processes `freeze` stopped. */
  thaw(): Promise<void>;
  dispose(): Promise<void>;
}

/** The directory holding `initdb`, `pg_ctl` and `postgres`, or null on a machine without them. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = path.join(root, v, 'bin');
      if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  return null;
}

/** Why fault tests on a throwaway PostgreSQL cannot run here, or null when they can. */
export function throwawayPostgresMissing(): string | null {
  return postgresBinDir() ? null : 'PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin, PG_BINDIR or PATH: PostgreSQL fault tests skipped';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function postgresUid(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]);
    return stdout.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Starts a fresh cluster (about 2 s); running as root, the server runs as the `postgres` user. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(throwawayPostgresMissing() ?? 'no PostgreSQL');
  const dir = await mkdtemp(path.join(tmpdir(), 'tk-pg-'));
  const owner = await postgresUid();
  if (owner) await chown(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const as = async (cmd: string, args: string[]): Promise<void> => {
    if (owner) await run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]);
    else await run(path.join(bin, cmd), args);
  };
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-w', '-t', '30', '-l', path.join(dir, 'log'), 'start']);
  await start();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let frozen: number[] = [];
  let running = true;

  async function postmasterPid(): Promise<number> {
    return Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  }

  const server: ThrowawayPostgres = {
    url,
    port,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async freeze() {
      const pid = await postmasterPid();
      frozen = [pid, ...(await childrenOf(pid))];
      for (const p of frozen) process.kill(p, 'SIGSTOP');
    },
    async thaw() {
      for (const p of frozen) {
        try {
          process.kill(p, 'SIGCONT');
        } catch {
          // the process is gone
        }
      }
      frozen = [];
    },
    async dispose() {
      await server.thaw();
      if (running) await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return server;
}
