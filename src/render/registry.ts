/**
 * Draws one game's view as a PNG in the reader's locale. `packHash` names the content pack the game is
 * pinned to (see `src/render/wiring.ts`): a renderer reading pack texts takes exactly that pack.
 */
export type Renderer = (view: unknown, locale: string, packHash?: string) => Promise<Buffer>;

const renderers = new Map<string, Renderer>();

/** Called once by each game's `render.ts` wiring; a second registration for the same game replaces the first. */
export function registerRenderer(gameType: string, render: Renderer): void {
  renderers.set(gameType, render);
}

export function hasRenderer(gameType: string): boolean {
  return renderers.has(gameType);
}

/** Game types with a table renderer and with sheets registered in this thread (the render worker reports them). */
export function registeredGameTypes(): { readonly tables: readonly string[]; readonly sheets: readonly string[] } {
  return { tables: [...renderers.keys()], sheets: [...sheetRenderers.keys()] };
}

/** The table image of a view; throws when the game registered no renderer (a wiring bug, not a player error). */
export function renderTable(gameType: string, view: unknown, locale: string, packHash?: string): Promise<Buffer> {
  const render = renderers.get(gameType);
  if (!render) return Promise.reject(new Error(`no renderer registered for game type "${gameType}"`));
  return render(view, locale, packHash);
}

/** Public pictures posted beside the table (e.g. each player's inventory, face up as on the table). */
export type SheetRenderer = (view: unknown, locale: string, packHash?: string) => Promise<readonly { readonly name: string; readonly data: Buffer }[]>;

const sheetRenderers = new Map<string, SheetRenderer>();

export function registerSheets(gameType: string, render: SheetRenderer): void {
  sheetRenderers.set(gameType, render);
}

/**
 * The extra public pictures of a view; none for games that registered none. Discord allows 10
 * attachments per message, so the table and at most 9 sheets travel together.
 * @see https://discord.com/developers/docs/resources/message#create-message
 */
export async function renderSheets(gameType: string, view: unknown, locale: string, packHash?: string): Promise<readonly { readonly name: string; readonly data: Buffer }[]> {
  const render = sheetRenderers.get(gameType);
  return render ? (await render(view, locale, packHash)).slice(0, 9) : [];
}

/**
 * The one picture of a turn: the table with its sheets folded under it (drawn where canvas is loaded,
 * so the composition module is imported only here).
 */
export async function renderPicture(gameType: string, view: unknown, locale: string, packHash?: string): Promise<Buffer> {
  const [table, sheets] = await Promise.all([renderTable(gameType, view, locale, packHash), renderSheets(gameType, view, locale, packHash)]);
  if (sheets.length === 0) return table;
  const { foldPictures } = await import('./compose.ts');
  return foldPictures(table, sheets.map((s) => s.data));
}
