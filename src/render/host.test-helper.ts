/*
 * Made-up renderers and views for the render host tests. Imports nothing that loads canvas, so the test
 * process keeps canvas out of its main thread; run directly, it draws the views inline and prints them.
 */
import { fileURLToPath } from 'node:url';
import { genesisSnapshot, type GameModule } from '../core/index.ts';
import { loadCatalog } from '../cli/compose.ts';
import { gameModules } from '../games/index.ts';
import { renderSheets, renderTable, startRenderHost } from './host.ts';
import { registerRenderer, registerSheets } from './registry.ts';
import type { PackLookup, RenderPack } from './wiring.ts';

export const HELPER_RENDERERS = import.meta.url;

/** Loaded in the drawing thread through `addRendererModule`. */
export function registerRenderers(packs: PackLookup): void {
  registerRenderer('pinned', async (view, _locale, packHash) => {
    const { id, version } = view as { id: string; version: string };
    return Buffer.from(JSON.stringify(packs('pinned', id, version, packHash)?.data ?? null));
  });
  registerRenderer('boom', async (view) => {
    throw new TypeError(`no table for ${JSON.stringify(view)}`);
  });
  registerRenderer('crash', async () => process.exit(7));
  registerRenderer('hang', () => new Promise<Buffer>(() => undefined));
  registerRenderer('echo', async (view, locale) => Buffer.from(JSON.stringify({ view, locale })));
  registerSheets('echo', async (_view, locale) => Array.from({ length: 12 }, (_, i) => ({ name: `sheet-${i}.txt`, data: Buffer.from(`${locale}:${i}`) })));
}

export interface Subject {
  readonly gameType: string;
  readonly view: unknown;
}

/** The real packs and the opening public view of each real game, four seats. */
export async function subjects(): Promise<{ packs: readonly RenderPack[]; subjects: Subject[] }> {
  const catalog = await loadCatalog();
  const opening = (gameType: string): Subject => {
    const module = gameModules[gameType] as GameModule<unknown, unknown, unknown>;
    const seats = Array.from({ length: 4 }, (_, index) => ({ index, name: `p${index}` }));
    const snapshot = genesisSnapshot(module, { gameType, rulesVersion: module.rulesVersion, options: module.optionsSchema.parse({}), seats, seed: 11 }, catalog.packs(gameType)?.data);
    return { gameType, view: module.publicView(snapshot.state) };
  };
  return { packs: catalog.all, subjects: [opening('adventure'), opening('comanauts')] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { packs, subjects: list } = await subjects();
  const host = await startRenderHost({ mode: 'inline', packs });
  const out: Record<string, { table: string; sheets: { name: string; data: string }[] }> = {};
  for (const s of list) {
    const sheets = await renderSheets(s.gameType, s.view, 'es');
    out[s.gameType] = { table: (await renderTable(s.gameType, s.view, 'es')).toString('base64'), sheets: sheets.map((p) => ({ name: p.name, data: p.data.toString('base64') })) };
  }
  await host.stop();
  process.stdout.write(JSON.stringify(out));
}
