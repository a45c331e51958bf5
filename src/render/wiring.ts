/*
 * How renderers get registered in the thread that draws: modules named by URL are imported there and
 * handed the content packs. Canvas-free, so the render host can use it without loading canvas.
 */

/** A validated content pack as the catalog loaded it, sent to the drawing thread once. */
export interface RenderPack {
  readonly gameType: string;
  readonly id: string;
  readonly version: string;
  readonly data: unknown;
}

/** Same answers as the catalog's `packs`: the first pack without an id, else the last match. */
export type PackLookup = (gameType: string, packId?: string, version?: string) => RenderPack | undefined;

/** What a renderer module exports; it registers with `src/render/registry.ts` of its own thread. */
export interface RendererModule {
  registerRenderers(packs: PackLookup): void;
}

/** `.ts` when tsx runs the sources, `.js` in the compiled build: sibling modules are named with it. */
export const SOURCE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The game renderers (src/render/games.ts): every host loads them. */
export const GAME_RENDERERS = new URL(`./games${SOURCE_EXTENSION}`, import.meta.url).href;

export function packLookup(packs: readonly RenderPack[]): PackLookup {
  return (gameType, packId, version) => {
    const matching = packs.filter((p) => p.gameType === gameType && (packId === undefined || p.id === packId) && (version === undefined || p.version === version));
    return packId === undefined ? matching[0] : matching[matching.length - 1];
  };
}

/** Imports each module in this thread and lets it register its renderers; a module without `registerRenderers` is refused. */
export async function loadRendererModules(urls: readonly string[], packs: readonly RenderPack[]): Promise<void> {
  const lookup = packLookup(packs);
  for (const url of urls) {
    const loaded = (await import(url)) as Partial<RendererModule>;
    if (typeof loaded.registerRenderers !== 'function') throw new Error(`renderer module ${url} exports no registerRenderers(packs)`);
    loaded.registerRenderers(lookup);
  }
}
