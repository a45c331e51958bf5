/*
 * The render worker: the one thread that loads canvas when the host runs in worker mode. It registers
 * the renderer modules it is given, then draws requests one after another and sends each PNG back by
 * transferring its memory.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { registeredGameTypes, renderPicture, renderSheets, renderTable } from './registry.ts';
import { loadRendererModules, type RenderPack } from './wiring.ts';

export interface WorkerSetup {
  readonly modules: readonly string[];
  readonly packs: readonly RenderPack[];
}

export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
}

export interface WirePicture {
  readonly name: string;
  readonly data: Uint8Array;
}

export type ToWorker =
  | { readonly type: 'render'; readonly id: number; readonly kind: 'table' | 'sheets' | 'picture'; readonly gameType: string; readonly view: unknown; readonly locale: string; readonly packHash?: string }
  | { readonly type: 'load'; readonly modules: readonly string[]; readonly packs: readonly RenderPack[]; readonly drop?: readonly string[] }
  | { readonly type: 'stop' };

export type FromWorker =
  | { readonly type: 'ready'; readonly tables: readonly string[]; readonly sheets: readonly string[] }
  | { readonly type: 'setupFailed'; readonly error: WireError }
  | { readonly type: 'done'; readonly id: number; readonly pictures: readonly WirePicture[] }
  | { readonly type: 'failed'; readonly id: number; readonly error: WireError };

/**
 * Keeps canvas and the libraries it links (pango, cairo, fontconfig) mapped after this thread ends.
 * Without it Node unloads them with the last thread that loaded canvas while pango's font thread still
 * runs, and the whole process dies with SIGSEGV (measured with canvas 3.2 on Node 20).
 */
function keepCanvasLoaded(): void {
  const noDelete = process.platform === 'linux' ? 0x1000 : process.platform === 'darwin' ? 0x80 : 0;
  if (noDelete === 0) return;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('canvas/package.json')), 'build', 'Release', 'canvas.node');
  process.dlopen({ exports: {} }, file, os.constants.dlopen.RTLD_NOW | noDelete);
}

const WORKER_NICENESS = 10;

/**
 * Lowers this thread's CPU priority (on Linux, niceness is per thread, so only the drawing thread):
 * when cores are busy the event loop that answers Discord runs first. On a loaded 2-core machine
 * nice 10 halved the main loop's longest stalls during renders (max 8–10 ms instead of 15–24 ms, 4
 * runs each) without slowing the pictures measurably.
 */
function yieldCpu(): void {
  try {
    os.setPriority(WORKER_NICENESS);
  } catch {
    // not permitted here: the worker keeps the normal priority
  }
}

const wireError = (error: unknown): WireError =>
  error instanceof Error ? { name: error.name, message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) } : { name: 'Error', message: String(error) };

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

function announce(): void {
  send({ type: 'ready', ...registeredGameTypes() });
}

/** Each picture's bytes as a whole ArrayBuffer of its own, so it can be transferred instead of copied. */
function wirePictures(list: readonly { readonly name: string; readonly data: Buffer }[]): { pictures: WirePicture[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const pictures = list.map(({ name, data }) => {
    const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    const bytes = whole ? new Uint8Array(data.buffer as ArrayBuffer) : new Uint8Array(data);
    transfer.push(bytes.buffer as ArrayBuffer);
    return { name, data: bytes };
  });
  return { pictures, transfer };
}

async function draw(request: Extract<ToWorker, { type: 'render' }>): Promise<void> {
  try {
    const list =
      request.kind === 'table'
        ? [{ name: '', data: await renderTable(request.gameType, request.view, request.locale, request.packHash) }]
        : request.kind === 'picture'
          ? [{ name: '', data: await renderPicture(request.gameType, request.view, request.locale, request.packHash) }]
          : await renderSheets(request.gameType, request.view, request.locale, request.packHash);
    const { pictures, transfer } = wirePictures(list);
    send({ type: 'done', id: request.id, pictures }, transfer);
  } catch (error) {
    send({ type: 'failed', id: request.id, error: wireError(error) });
  }
}

async function serve(port: NonNullable<typeof parentPort>, setup: WorkerSetup): Promise<void> {
  let stopping = false;
  let tail: Promise<void> = Promise.resolve();
  const fail = (error: unknown): void => {
    send({ type: 'setupFailed', error: wireError(error) });
    stopping = true;
    setImmediate(() => port.close());
  };
  port.on('message', (message: ToWorker) => {
    if (message.type === 'stop') {
      stopping = true;
      tail = tail.then(() => port.close());
      return;
    }
    tail = tail.then(async () => {
      if (stopping) return;
      if (message.type === 'render') await draw(message);
      else await loadRendererModules(message.modules, message.packs, message.drop).then(announce, fail);
    });
  });
  tail = tail.then(() => {
    yieldCpu();
    keepCanvasLoaded();
    return loadRendererModules(setup.modules, setup.packs);
  }).then(announce, fail);
  await tail;
}

if (!isMainThread && parentPort) await serve(parentPort, workerData as WorkerSetup);
