import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../cli/compose.ts';
import '../discord/services.ts';
import { addRendererModule, hasRenderer, renderSheets, renderTable, renderWorkerThread, startRenderHost, type RenderHost } from './host.ts';
import { HELPER_RENDERERS, subjects, type Subject } from './host.test-helper.ts';
import { registerRenderer } from './registry.ts';
import type { RenderPack } from './wiring.ts';

/*
 * The host in worker mode, in a test process whose main thread never loads canvas: this file imports
 * the host, the composition root and the Discord services (the app's way to pictures), nothing that
 * draws. Inline pictures for comparison come from a child process.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const canvasInThisThread = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/canvas/'));

let packs: readonly RenderPack[];
let list: Subject[];
let host: RenderHost | undefined;

async function restart(options: { timeoutMs?: number } = {}): Promise<void> {
  await host?.stop();
  host = await startRenderHost({ mode: 'worker', packs, ...options });
}

beforeAll(async () => {
  ({ packs, subjects: list } = await subjects());
  addRendererModule(HELPER_RENDERERS);
  await restart();
});

afterAll(async () => {
  await host?.stop();
});

describe('render host, worker mode', () => {
  it('GIVEN the real games WHEN their tables and sheets are drawn in the worker THEN they are the PNGs inline mode draws, byte for byte, and this thread never loads canvas', async () => {
    const helper = fileURLToPath(new URL('./host.test-helper.ts', import.meta.url));
    const inline = promisify(execFile)(process.execPath, ['--import', 'tsx', helper], { maxBuffer: 64 * 2 ** 20 });
    expect(hasRenderer('adventure') && hasRenderer('comanauts') && hasRenderer('echo')).toBe(true);
    expect(hasRenderer('chess')).toBe(false);
    const reference = JSON.parse((await inline).stdout) as Record<string, { table: string; sheets: { name: string; data: string }[] }>;
    for (const s of list) {
      const [table, sheets] = await Promise.all([renderTable(s.gameType, s.view, 'es'), renderSheets(s.gameType, s.view, 'es')]);
      expect(table.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(pngSize(table).width).toBe(1600);
      expect(table.toString('base64') === reference[s.gameType]?.table, `${s.gameType} table differs from inline mode`).toBe(true);
      expect(sheets.map((p) => ({ name: p.name, data: p.data.toString('base64') }))).toEqual(reference[s.gameType]?.sheets);
    }
    expect(reference.adventure?.sheets.length, 'adventure draws every inventory on its table (issue 15: one picture per turn)').toBe(0);
    expect(reference.comanauts?.sheets.length).toBe(0);
    expect(canvasInThisThread()).toBe(false);
  });

  it('GIVEN small pictures and more sheets than a message holds WHEN drawn THEN the bytes arrive intact and at most 9 sheets come back', async () => {
    expect((await renderTable('echo', { n: 1 }, 'es')).toString()).toBe('{"view":{"n":1},"locale":"es"}');
    const sheets = await renderSheets('echo', {}, 'en');
    expect(sheets.map((p) => p.data.toString())).toEqual(Array.from({ length: 9 }, (_, i) => `en:${i}`));
  });

  it('GIVEN a renderer that throws WHEN drawn THEN only that render rejects, with its own error, and the same worker draws the next', async () => {
    const thread = renderWorkerThread()?.threadId;
    const [bad, good] = await Promise.allSettled([renderTable('boom', { x: 1 }, 'en'), renderTable('echo', 2, 'en')]);
    expect(bad.status === 'rejected' && bad.reason).toMatchObject({ name: 'TypeError', message: 'no table for {"x":1}' });
    expect(good.status === 'fulfilled' && good.value.toString()).toBe('{"view":2,"locale":"en"}');
    await expect(renderTable('chess', {}, 'en')).rejects.toThrow(/no renderer registered for game type "chess"/);
    expect(renderWorkerThread()?.threadId).toBe(thread);
  });

  it('GIVEN packs handed over at render time (uploads) WHEN two share an id and version THEN each picture is drawn with the pack its hash names, never the other, even after older handed-over packs were dropped', async () => {
    const pack = (hash: string, word: string): RenderPack => ({ gameType: 'pinned', id: 'mine', version: '1.0.0', hash, data: { word } });
    const view = { id: 'mine', version: '1.0.0' };
    const draw = async (p?: RenderPack) => (await renderTable('pinned', view, 'en', p)).toString();
    expect(await draw(pack('h-red', 'red'))).toBe('{"word":"red"}');
    expect(await draw(pack('h-blue', 'blue'))).toBe('{"word":"blue"}');
    expect(await draw(pack('h-red', 'red'))).toBe('{"word":"red"}');
    for (let i = 0; i < 40; i++) expect(await draw(pack(`h-${i}`, `w${i}`))).toBe(`{"word":"w${i}"}`);
    expect(await draw(pack('h-blue', 'blue'))).toBe('{"word":"blue"}');
    const worker = renderWorkerThread()?.threadId;
    await renderWorkerThread()?.terminate();
    expect(await draw(pack('h-red', 'red'))).toBe('{"word":"red"}');
    expect(renderWorkerThread()?.threadId).not.toBe(worker);
  });

  it('GIVEN a render whose worker exits WHEN it and one queued behind it are waiting THEN both reject with a clear error and the next render starts a new worker', async () => {
    const before = renderWorkerThread()?.threadId;
    const crashing = renderTable('crash', {}, 'en');
    const queued = renderTable('echo', 'late', 'en');
    await expect(crashing).rejects.toThrow('the render worker stopped (exit code 7)');
    await expect(queued).rejects.toThrow('the render worker stopped (exit code 7)');
    expect(renderWorkerThread()).toBeUndefined();
    const png = await renderTable('comanauts', list[1]?.view, 'en');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(renderWorkerThread()?.threadId).not.toBe(before);
  });

  it('GIVEN the worker thread is killed from outside WHEN the next picture is asked THEN a new worker draws it', async () => {
    const thread = renderWorkerThread();
    expect(thread).toBeDefined();
    await thread?.terminate();
    const png = await renderTable('adventure', list[0]?.view, 'en');
    expect(pngSize(png).width).toBe(1600);
    expect(renderWorkerThread()?.threadId).not.toBe(thread?.threadId);
  });

  it('GIVEN a render that never finishes WHEN its time runs out THEN it rejects, the stuck worker is stopped, and the next render works', async () => {
    await restart({ timeoutMs: 300 });
    await expect(renderTable('hang', {}, 'en')).rejects.toThrow(/drawing hang took longer than 300 ms; the render worker was stopped/);
    expect((await renderTable('echo', 3, 'en')).toString()).toBe('{"view":3,"locale":"en"}');
    await restart();
  });

  it('GIVEN renders in flight WHEN the host stops THEN they reject as stopped, the worker ends, and the other mode may start', async () => {
    const thread = renderWorkerThread();
    const exited = new Promise<number>((resolve) => thread?.once('exit', resolve));
    const pending = expect(renderTable('comanauts', list[1]?.view, 'en')).rejects.toThrow('the render host stopped');
    await expect(startRenderHost({ mode: 'inline' })).rejects.toThrow(/already draws in worker mode/);
    await host?.stop();
    host = undefined;
    await pending;
    expect(await exited).toBe(0);
    expect(renderWorkerThread()).toBeUndefined();
    expect(hasRenderer('comanauts')).toBe(false);
    expect(canvasInThisThread()).toBe(false);
  });

  it('GIVEN a renderer registered in this thread WHEN worker mode starts THEN it refuses, naming the game (it would never draw)', async () => {
    registerRenderer('local-only', async () => Buffer.alloc(0));
    await expect(startRenderHost({ mode: 'worker', packs })).rejects.toThrow(/renderers registered in this thread \(local-only\) would never draw in worker mode/);
  });
});
