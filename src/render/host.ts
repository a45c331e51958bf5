/*
 * The app's door to table pictures. In worker mode one long-lived worker thread loads canvas and draws
 * every picture, so the event loop that answers Discord never runs a drawing step; in inline mode the
 * calling thread draws, as the games' own tests do. This file and what it imports never load canvas.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import * as here from './registry.ts';
import type { FromWorker, ToWorker, WireError, WirePicture, WorkerSetup } from './worker.ts';
import { GAME_RENDERERS, SOURCE_EXTENSION, holdPacks, loadRendererModules, type RenderPack } from './wiring.ts';

export type { RenderPack } from './wiring.ts';

/** Where pictures are drawn: `worker` (one worker thread, the default) or `inline` (the calling thread). */
export const RENDER_THREADS = ['worker', 'inline'] as const;
export type RenderThread = (typeof RENDER_THREADS)[number];

export interface RenderHostOptions {
  readonly mode: RenderThread;
  /** The validated packs the renderers read their texts from. */
  readonly packs?: readonly RenderPack[];
  /** A render still unanswered after this long stops the worker; the next render starts a new one. */
  readonly timeoutMs?: number;
  /** Told when the worker stops without being asked to (crash, exit, timeout), e.g. to log it. */
  readonly onWorkerExit?: (error: Error) => void;
}

export interface RenderHost {
  /** Ends this user's claim; the worker stops when the last user stops. */
  stop(): Promise<void>;
}

export type Picture = { readonly name: string; readonly data: Buffer };

const DEFAULT_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
/**
 * The worker's young generation: 4 MB instead of V8's default kept the process about 30 MB smaller
 * after 30 comanauts tables, with the same render times (measured on Node 20).
 */
const WORKER_YOUNG_GENERATION_MB = 4;
/** Loading tsx, canvas and the renderers takes about a second; more than this means the worker is stuck. */
const START_TIMEOUT_MS = 60_000;
const WORKER_ENTRY = new URL(`./worker${SOURCE_EXTENSION}`, import.meta.url).href;

/**
 * Packs handed over at a render (servers' uploads) that a worker keeps besides those it started with; past
 * this the oldest is dropped from it (and sent again should a picture need it).
 */
const EXTRA_PACKS_KEPT = 32;

const modules: string[] = [GAME_RENDERERS];
/** The packs a new worker starts with, by hash: those the hosts were started with. */
const packs = new Map<string, RenderPack>();
let mode: RenderThread = 'inline';
let users = 0;
let timeoutMs = DEFAULT_TIMEOUT_MS;
let onWorkerExit: ((error: Error) => void) | undefined;
let known: { tables: ReadonlySet<string>; sheets: ReadonlySet<string> } = { tables: new Set(), sheets: new Set() };
let current: RenderWorker | undefined;

/**
 * Adds a module whose `registerRenderers(packs)` registers more renderers (tests' made-up games); it is
 * loaded wherever pictures are drawn, by hosts started afterwards and by a running worker.
 */
export function addRendererModule(url: string): void {
  if (modules.includes(url)) return;
  modules.push(url);
  if (current && !current.gone) current.load([url], [...packs.values()]);
}

/**
 * Starts drawing in the chosen thread and resolves once the renderers are registered there (so
 * {@link hasRenderer} answers). Several users may share the host; they must agree on the mode.
 */
export async function startRenderHost(options: RenderHostOptions): Promise<RenderHost> {
  if (users > 0 && options.mode !== mode) throw new Error(`the render host already draws in ${mode} mode, not ${options.mode}`);
  if (options.mode === 'worker' && users === 0) {
    const local = here.registeredGameTypes().tables;
    if (local.length > 0) {
      throw new Error(`renderers registered in this thread (${local.join(', ')}) would never draw in worker mode: register them through addRendererModule, or use RENDER_THREAD=inline`);
    }
  }
  for (const pack of options.packs ?? []) packs.set(pack.hash, pack);
  mode = options.mode;
  timeoutMs = options.timeoutMs ?? timeoutMs;
  onWorkerExit = options.onWorkerExit ?? onWorkerExit;
  users++;
  try {
    if (mode === 'inline') await loadRendererModules(modules, [...packs.values()]);
    else await worker().ready;
  } catch (error) {
    await release();
    throw error;
  }
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await release();
    },
  };
}

async function release(): Promise<void> {
  users--;
  if (users > 0) return;
  const last = current;
  current = undefined;
  mode = 'inline';
  timeoutMs = DEFAULT_TIMEOUT_MS;
  onWorkerExit = undefined;
  known = { tables: new Set(), sheets: new Set() };
  inlineExtras.clear();
  await last?.stop();
}

export function hasRenderer(gameType: string): boolean {
  return mode === 'worker' ? known.tables.has(gameType) : here.hasRenderer(gameType);
}

/** Handed-over packs of the inline thread, as {@link RenderWorker} keeps its own. */
const inlineExtras = new Set<string>();

/**
 * Whether `pack` must be handed to a thread that holds `started` and `extras` (oldest first), and which
 * extras it then drops to stay within {@link EXTRA_PACKS_KEPT}; null when the thread holds it already.
 */
function handOver(started: ReadonlySet<string>, extras: Set<string>, pack: RenderPack): { drop: string[] } | null {
  if (started.has(pack.hash)) return null;
  if (extras.delete(pack.hash)) {
    extras.add(pack.hash);
    return null;
  }
  const drop = [...extras].slice(0, Math.max(0, extras.size + 1 - EXTRA_PACKS_KEPT));
  for (const hash of drop) extras.delete(hash);
  extras.add(pack.hash);
  return { drop };
}

/**
 * Where the picture is drawn, holding `pack` (the one the game is pinned to) by then: an upload the
 * drawing thread has not seen yet is handed to it first. Returns the hash the request names.
 */
function withPack(pack: RenderPack | undefined): { hash?: string; worker?: RenderWorker } {
  if (mode === 'inline') {
    const handed = pack ? handOver(new Set(packs.keys()), inlineExtras, pack) : null;
    if (pack && handed) holdPacks([pack], handed.drop);
    return pack ? { hash: pack.hash } : {};
  }
  const drawing = worker();
  if (pack) drawing.hold(pack);
  return { worker: drawing, ...(pack ? { hash: pack.hash } : {}) };
}

/**
 * The table image of a view as PNG bytes; rejects when the game has no renderer or the drawing failed.
 * `pack` is the content pack the game is pinned to: the picture's texts come from it and no other.
 */
export async function renderTable(gameType: string, view: unknown, locale: string, pack?: RenderPack): Promise<Buffer> {
  const at = withPack(pack);
  if (!at.worker) return here.renderTable(gameType, view, locale, at.hash);
  const [picture] = await at.worker.render('table', gameType, view, locale, at.hash);
  if (!picture) throw new Error(`the render worker sent no picture for ${gameType}`);
  return picture.data;
}

/** The one picture of a turn: the table with its sheets folded under it (see the registry's `renderPicture`). */
export async function renderPicture(gameType: string, view: unknown, locale: string, pack?: RenderPack): Promise<Buffer> {
  const at = withPack(pack);
  if (!at.worker) return here.renderPicture(gameType, view, locale, at.hash);
  const [picture] = await at.worker.render('picture', gameType, view, locale, at.hash);
  if (!picture) throw new Error(`the render worker sent no picture for ${gameType}`);
  return picture.data;
}

/** The public sheets beside the table (at most 9, see registry); none for games without sheets. */
export async function renderSheets(gameType: string, view: unknown, locale: string, pack?: RenderPack): Promise<readonly Picture[]> {
  if (mode !== 'inline' && !known.sheets.has(gameType)) return [];
  const at = withPack(pack);
  if (!at.worker) return here.renderSheets(gameType, view, locale, at.hash);
  return at.worker.render('sheets', gameType, view, locale, at.hash);
}

/** The running worker thread, if any (tests stop it to check recovery; `threadId` tells restarts apart). */
export function renderWorkerThread(): Worker | undefined {
  return current && !current.gone ? current.thread : undefined;
}

function worker(): RenderWorker {
  if (!current || current.gone) {
    current = new RenderWorker({ modules: [...modules], packs: [...packs.values()] }, (error) => onWorkerExit?.(error));
  }
  return current;
}

/** A worker's unhandled error, rebuilt with the worker's stack. */
function rebuild(error: WireError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack !== undefined) rebuilt.stack = error.stack;
  return rebuilt;
}

/**
 * Code of the eval'd worker: registers tsx first when the sources are TypeScript (tsx's `register()` in
 * the main thread does not reach worker threads, nor does `--import tsx` in their execArgv on Node 20).
 */
function bootstrap(entry: string): string {
  if (!entry.endsWith('.ts')) return `import(${JSON.stringify(entry)});`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

interface Pending {
  readonly resolve: (pictures: Picture[]) => void;
  readonly reject: (error: Error) => void;
  readonly gameType: string;
  timer?: NodeJS.Timeout;
}

/** One worker thread and the renders it owes; once `gone` it is never reused. */
class RenderWorker {
  readonly thread: Worker;
  readonly ready: Promise<void>;
  gone = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private starting = true;
  private stopping = false;
  private cause: Error | undefined;
  private setupFailed = false;
  /** Hashes of the packs the thread holds: those it started with, then uploads handed over, oldest first. */
  private readonly started: ReadonlySet<string>;
  private readonly extras = new Set<string>();

  constructor(setup: WorkerSetup, private readonly unexpectedExit: (error: Error) => void) {
    this.started = new Set(setup.packs.map((p) => p.hash));
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    this.ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    this.ready.catch(() => undefined);
    this.thread = new Worker(bootstrap(WORKER_ENTRY), { eval: true, workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    const startTimer = setTimeout(() => this.abandon(new Error(`the render worker did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    startTimer.unref();
    this.thread.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        known = { tables: new Set(message.tables), sheets: new Set(message.sheets) };
        clearTimeout(startTimer);
        this.starting = false;
        for (const waiting of this.pending.values()) this.arm(waiting);
        this.updateRef();
        settle.resolve();
      } else if (message.type === 'setupFailed') {
        this.setupFailed = true;
        this.cause = rebuild(message.error);
      } else {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.settled(message.id);
        if (message.type === 'done') waiting.resolve(message.pictures.map(toPicture));
        else waiting.reject(rebuild(message.error));
      }
    });
    this.thread.on('error', (error) => {
      this.cause ??= error;
    });
    this.thread.on('messageerror', (error) => {
      this.cause ??= error;
      void this.thread.terminate();
    });
    this.thread.on('exit', (code) => {
      clearTimeout(startTimer);
      this.gone = true;
      const error = this.stopping
        ? new Error('the render host stopped')
        : new Error(
            this.setupFailed
              ? `the render worker could not register its renderers: ${this.cause?.message ?? 'unknown error'}`
              : `the render worker stopped (exit code ${code})${this.cause ? `: ${this.cause.message}` : ''}`,
            { cause: this.cause },
          );
      this.rejectAll(error);
      settle.reject(error);
      if (!this.stopping) this.unexpectedExit(error);
    });
  }

  render(kind: 'table' | 'sheets' | 'picture', gameType: string, view: unknown, locale: string, packHash?: string): Promise<Picture[]> {
    if (this.gone) return Promise.reject(new Error('the render worker has stopped'));
    const id = this.nextId++;
    return new Promise<Picture[]>((resolve, reject) => {
      const waiting: Pending = { resolve, reject, gameType };
      this.pending.set(id, waiting);
      if (!this.starting) this.arm(waiting);
      this.updateRef();
      try {
        this.post({ type: 'render', id, kind, gameType, view, locale, ...(packHash === undefined ? {} : { packHash }) });
      } catch (error) {
        this.settled(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  load(urls: readonly string[], list: readonly RenderPack[]): void {
    this.post({ type: 'load', modules: urls, packs: list });
  }

  /**
   * Hands the thread a pack it does not hold yet (before the render that needs it: the thread serves its
   * messages in order). Past {@link EXTRA_PACKS_KEPT} handed-over packs, the oldest is dropped from it.
   */
  hold(pack: RenderPack): void {
    if (this.gone) return;
    const handed = handOver(this.started, this.extras, pack);
    if (handed) this.post({ type: 'load', modules: [], packs: [pack], drop: handed.drop });
  }

  /** Asks the worker to finish and waits for it to end; a worker that does not end in time is terminated. */
  async stop(): Promise<void> {
    if (this.gone) return;
    this.stopping = true;
    this.rejectAll(new Error('the render host stopped'));
    this.thread.ref();
    const exited = once(this.thread, 'exit');
    const force = setTimeout(() => void this.thread.terminate(), STOP_GRACE_MS);
    this.post({ type: 'stop' });
    await exited;
    clearTimeout(force);
  }

  private post(message: ToWorker): void {
    this.thread.postMessage(message);
  }

  /**
   * Gives up on a render that never answered: a worker stuck in a drawing loop serves nothing else, so
   * it is terminated and every render it held is rejected.
   */
  private abandon(error: Error): void {
    if (this.gone) return;
    this.cause = error;
    void this.thread.terminate();
  }

  /** Starts a render's clock; renders asked while the worker starts wait for it first, off the clock. */
  private arm(waiting: Pending): void {
    if (waiting.timer !== undefined) return;
    waiting.timer = setTimeout(() => this.abandon(new Error(`drawing ${waiting.gameType} took longer than ${timeoutMs} ms; the render worker was stopped`)), timeoutMs);
    waiting.timer.unref();
  }

  private settled(id: number): void {
    const waiting = this.pending.get(id);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(id);
    this.updateRef();
  }

  private rejectAll(error: Error): void {
    const waiting = [...this.pending.values()];
    for (const id of [...this.pending.keys()]) this.settled(id);
    for (const w of waiting) w.reject(error);
  }

  /** The worker keeps the process alive only while it owes something, so it never holds up an exit. */
  private updateRef(): void {
    if (this.gone) return;
    if (this.starting || this.pending.size > 0) this.thread.ref();
    else this.thread.unref();
  }
}

function toPicture(picture: WirePicture): Picture {
  return { name: picture.name, data: Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength) };
}
