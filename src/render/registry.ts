/** Draws one game's view as a PNG in the reader's locale. */
export type Renderer = (view: unknown, locale: string) => Promise<Buffer>;

const renderers = new Map<string, Renderer>();

/** Called once by each game's `render.ts` wiring; a second registration for the same game replaces the first. */
export function registerRenderer(gameType: string, render: Renderer): void {
  renderers.set(gameType, render);
}

export function hasRenderer(gameType: string): boolean {
  return renderers.has(gameType);
}

/** The table image of a view; throws when the game registered no renderer (a wiring bug, not a player error). */
export function renderTable(gameType: string, view: unknown, locale: string): Promise<Buffer> {
  const render = renderers.get(gameType);
  if (!render) return Promise.reject(new Error(`no renderer registered for game type "${gameType}"`));
  return render(view, locale);
}
