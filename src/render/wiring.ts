/*
 * How renderers get registered in the thread that draws: modules named by URL are imported there and
 * handed the content packs. Canvas-free, so the render host can use it without loading canvas.
 */

/**
 * A validated content pack as the catalog loaded it, sent to the drawing thread once: the shipped ones at
 * start, a server's upload the first time a picture of a game on it is drawn.
 */
export interface RenderPack {
  readonly gameType: string;
  readonly id: string;
  readonly version: string;
  /** The pack's content hash: what a game is pinned to and a picture request names. */
  readonly hash: string;
  readonly data: unknown;
}

/**
 * The packs this thread holds. With a `hash` (a request for a pinned game), only the pack with that
 * content, or none: a picture is never drawn with another version's texts. Without one, as the catalog's
 * `packs`: the first pack without an id, else the last match.
 */
export type PackLookup = (gameType: string, packId?: string, version?: string, hash?: string) => RenderPack | undefined;

/** What a renderer module exports; it registers with `src/render/registry.ts` of its own thread. */
export interface RendererModule {
  registerRenderers(packs: PackLookup): void;
}

/** `.ts` when tsx runs the sources, `.js` in the compiled build: sibling modules are named with it. */
export const SOURCE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The game renderers (src/render/games.ts): every host loads them. */
export const GAME_RENDERERS = new URL(`./games${SOURCE_EXTENSION}`, import.meta.url).href;

/** This thread's packs by content hash, in the order they arrived. */
const held = new Map<string, RenderPack>();

const matches = (p: RenderPack, gameType: string, packId?: string, version?: string): boolean =>
  p.gameType === gameType && (packId === undefined || p.id === packId) && (version === undefined || p.version === version);

/** Looks packs up among those this thread holds (see {@link PackLookup}). */
export const heldPacks: PackLookup = (gameType, packId, version, hash) => {
  if (hash !== undefined) {
    const pack = held.get(hash);
    return pack && matches(pack, gameType, packId, version) ? pack : undefined;
  }
  const matching = [...held.values()].filter((p) => matches(p, gameType, packId, version));
  return packId === undefined ? matching[0] : matching[matching.length - 1];
};

/** Adds packs to this thread (by hash) and forgets those named in `drop` (uploads the host let go). */
export function holdPacks(packs: readonly RenderPack[], drop: readonly string[] = []): void {
  for (const hash of drop) held.delete(hash);
  for (const pack of packs) held.set(pack.hash, pack);
}

/** Imports each module in this thread and lets it register its renderers; a module without `registerRenderers` is refused. */
export async function loadRendererModules(urls: readonly string[], packs: readonly RenderPack[], drop: readonly string[] = []): Promise<void> {
  holdPacks(packs, drop);
  const lookup = heldPacks;
  for (const url of urls) {
    const loaded = (await import(url)) as Partial<RendererModule>;
    if (typeof loaded.registerRenderers !== 'function') throw new Error(`renderer module ${url} exports no registerRenderers(packs)`);
    loaded.registerRenderers(lookup);
  }
}
