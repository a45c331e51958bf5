import {
  FONT_SIZE,
  PALETTE,
  createSurface,
  drawCard,
  drawDie,
  drawLayer,
  drawLegend,
  drawLink,
  drawPanel,
  drawPanelFrame,
  drawPanelTitle,
  drawRoundRect,
  drawSpace,
  drawStandee,
  drawText,
  drawToken,
  drawTrack,
  encodePng,
  font,
  panelContent,
  polygonCentre,
  registerRenderer,
  textWidth,
  type DieColour,
  type LegendItem,
  type Point,
  type Rect,
  yieldToEventLoop,
} from '../../render/index.ts';

type Text = { en: string; es: string };
type Pt = [number, number];

/** The slice of the public view (view.ts `publicView`) the picture reads; nothing else reaches it. */
interface TableView {
  page: {
    id: string;
    name: Text;
    size: { w: number; h: number };
    spaces: { id: string; name: Text; polygon: Pt[]; spots: Pt[]; symbols: string[] }[];
    lines: { between: [string, string]; kind: string; path: [Pt, Pt] }[];
    walls: [Pt, Pt][];
  };
  active: number;
  bookkeeper: number;
  round: number;
  phase: string;
  situation: 'safe' | 'hostile';
  outcome: { phase: string; reason: string } | null;
  dice: {
    bag: number;
    discard: string[];
    hand: string[];
    threat: { kind: string; face: number | null }[];
    group: { kind: string; face: number | null }[];
    child: number | null;
  };
  groupTask: { colour: string; target: number; done: boolean } | null;
  players: {
    seat: number;
    name: string;
    avatar: { card: string; name: Text | null; dieBonus: { colour: string; amount: number } | null };
    faceDownAvatars: number;
    life: number;
    clarity: number;
    stored: string | null;
    equipment: Record<string, { id: string; name: Text | null } | null>;
    inventory: { id: string; name: Text | null }[];
    statuses: { id: string; name: Text | null }[];
    defaultStatus: { id: string; active: boolean; name: Text | null };
    suspicious: boolean;
    place: 'morass' | { space: string; spot: number };
  }[];
  enemies: ({
    uid: string;
    name: Text | null;
    kind: string;
    defence: number;
    actions: { min: number; max: number; name: Text; speed: number; range: number; strength: number }[];
    life: number | null;
    place: { space: string; spot: number };
  } | null)[];
  morass: number[];
  childStandee: string | null;
  searchTokens: Record<string, number>;
  insight: number;
}

const WIDTH = 1600;
const HEIGHT = 1240;
const MAP: Rect = { x: 20, y: 70, w: 1010, h: 700 };
const SIDE: Rect = { x: 1050, y: 70, w: 530, h: 1090 };
const SEATS = [PALETTE.orange, '#2fb5c9', '#d45bb0', '#9bc53d'];

const DIE_OF: Record<string, DieColour> = {
  white: 'white',
  black: 'black',
  suspicious: 'blackRed',
  red: 'red',
  green: 'green',
  yellow: 'yellow',
  blue: 'blue',
  purple: 'purple',
  child: 'translucentBlue',
};

const LABEL_KEYS = ['round', 'turn', 'bookkeeper', 'safe', 'hostile', 'group', 'child', 'threat', 'enemies', 'morass', 'discard', 'insight', 'bag', 'life', 'clarity', 'stored', 'inventory', 'statuses', 'suspicious', 'backs', 'dotted', 'solidWhite', 'coloured', 'def', 'hand', 'won', 'lost', 'legend', 'empty'] as const;

type Labels = Record<(typeof LABEL_KEYS)[number], string>;

/** Looks up an interface string (`comanauts.render.*`, `comanauts.colour.*`) in a language; the edge passes it in. */
export type ComanautsText = (code: string, lang: string) => string | undefined;

function labelsFor(ui: ComanautsText | undefined, lang: string): Labels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, ui?.(`comanauts.render.${key}`, lang) ?? key])) as Labels;
}

type Ctx = ReturnType<typeof createSurface>['ctx'];
type Tx = (t: Text | null | undefined, f?: string) => string;

/**
 * Draws the table from the public view: map page, sideboard and a strip of player sheets (issue "Comanauts I").
 * The map page (keyed by the page and language), the sideboard's frames, track and legend (keyed by the
 * labels), each player sheet and each enemy card (keyed by what they show) come from the layer cache;
 * the header, tokens, standees and dice are drawn over them.
 */
export async function renderComanauts(viewJson: unknown, locale: string, ui?: ComanautsText): Promise<Buffer> {
  const view = viewJson as TableView;
  const lang = locale.startsWith('es') ? 'es' : 'en';
  const L = labelsFor(ui, lang);
  const colourName = (colour: string): string => ui?.(`comanauts.colour.${colour}`, lang) ?? colour;
  const tx = (t: Text | null | undefined, fallback = ''): string => (t ? t[lang] : fallback);
  const { canvas, ctx } = createSurface(WIDTH, HEIGHT, { opaque: true });
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  drawLayer(ctx, 'comanauts.page', { page: view.page, lang }, pageArea(ctx, view.page, tx), (g) => drawPage(g, view.page, tx));
  drawLayer(ctx, 'comanauts.sideboard', { labels: L, dieShort: DIE_SHORT }, SIDEBOARD_AREA, (g) => drawSideboardBase(g, L));
  const header = `${tx(view.page.name)} · ${L.round} ${view.round} · ${view.players[view.active]?.name ?? ''} (${L.turn}) · ${L.bookkeeper}: ${view.players[view.bookkeeper]?.name ?? ''}`;
  drawText(ctx, header, { x: 20, y: 18, size: FONT_SIZE.title, bold: true, maxWidth: 1400, maxLines: 1 });
  if (view.outcome) {
    drawText(ctx, view.outcome.phase === 'won' ? L.won : L.lost, { x: WIDTH - 20, y: 22, size: FONT_SIZE.label, bold: true, align: 'right', colour: view.outcome.phase === 'won' ? PALETTE.green : PALETTE.red });
  }
  await yieldToEventLoop();
  drawMapPieces(ctx, view, tx);
  await yieldToEventLoop();
  drawSideboard(ctx, view, L, tx);
  await yieldToEventLoop();
  drawSheets(ctx, view, L, lang, tx, colourName);
  await yieldToEventLoop();
  return encodePng(canvas);
}

const TINTS = ['#3a4a3a', '#45503a', '#3a4550', '#4a3f52', '#504a3a', '#3a5050'];
/** Half the widest map line (6 px, round caps) and a pixel of anti-aliasing. */
const LINE_BLEED = 4;

function pagePoint(page: TableView['page']): (p: Pt) => Point {
  const scale = Math.min(MAP.w / page.size.w, MAP.h / page.size.h);
  return (p) => ({ x: MAP.x + p[0] * scale, y: MAP.y + p[1] * scale });
}

function spaceMarks(sp: TableView['page']['spaces'][number]): string {
  return sp.symbols.map((s) => SYMBOL_MARK[s] ?? '?').join(' ');
}

/** The map page as printed: spaces with their names and symbols, coloured and white lines, walls. */
function drawPage(ctx: Ctx, page: TableView['page'], tx: Tx): void {
  const at = pagePoint(page);
  page.spaces.forEach((sp, i) => {
    const centre = drawSpace(ctx, { points: sp.polygon.map(at), fill: TINTS[i % TINTS.length] as string, label: tx(sp.name, sp.id) });
    const marks = spaceMarks(sp);
    if (marks) drawText(ctx, marks, { x: centre.x, y: centre.y + 10, size: FONT_SIZE.small, align: 'center', colour: PALETTE.muted });
  });
  for (const line of page.lines) {
    const style = line.kind === 'dotted' ? 'dottedWhite' : line.kind === 'white' ? 'solidWhite' : 'solidColour';
    drawLink(ctx, at(line.path[0]), at(line.path[1]), style, lineColour(line.kind));
  }
  for (const wall of page.walls) drawLink(ctx, at(wall[0]), at(wall[1]), 'solidWhite');
}

/** Everything {@link drawPage} may paint: its corners and line ends with the line width, and its labels; left of the sideboard. */
function pageArea(ctx: Ctx, page: TableView['page'], tx: Tx): Rect {
  const at = pagePoint(page);
  const boxes: Rect[] = [];
  const around = (p: Point, bleed: number): Rect => ({ x: p.x - bleed, y: p.y - bleed, w: 2 * bleed, h: 2 * bleed });
  const text = (label: string, centre: Point, top: number, bold: boolean): Rect => {
    ctx.font = font(FONT_SIZE.small, bold);
    const w = textWidth(ctx, label) + 2 * LINE_BLEED;
    return { x: centre.x - w / 2, y: top - LINE_BLEED, w, h: FONT_SIZE.small * 1.25 + 2 * LINE_BLEED };
  };
  for (const sp of page.spaces) {
    const points = sp.polygon.map(at);
    boxes.push(...points.map((p) => around(p, LINE_BLEED)));
    const centre = polygonCentre(points);
    boxes.push(text(tx(sp.name, sp.id), centre, centre.y - FONT_SIZE.small * 0.6, true));
    const marks = spaceMarks(sp);
    if (marks) boxes.push(text(marks, centre, centre.y + 10, false));
  }
  for (const [a, b] of [...page.lines.map((l) => l.path), ...page.walls]) boxes.push(around(at(a), LINE_BLEED), around(at(b), LINE_BLEED));
  const left = Math.max(0, Math.min(...boxes.map((r) => r.x)));
  const top = Math.max(0, Math.min(...boxes.map((r) => r.y)));
  const right = Math.min(SIDE.x - LINE_BLEED, Math.max(...boxes.map((r) => r.x + r.w)));
  const bottom = Math.min(HEIGHT, Math.max(...boxes.map((r) => r.y + r.h)));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/** What moves on the map: search tokens, the inner child, enemies and avatars. */
function drawMapPieces(ctx: Ctx, view: TableView, tx: Tx): void {
  const page = view.page;
  const at = pagePoint(page);
  for (const sp of page.spaces) {
    const tokens = view.searchTokens[sp.id] ?? 0;
    if (tokens === 0) continue;
    const centre = polygonCentre(sp.polygon.map(at));
    for (let k = 0; k < tokens; k++) drawToken(ctx, { x: centre.x - 60 + k * 26, y: centre.y + 50, radius: 11, fill: PALETTE.yellow, label: 'S', ink: PALETTE.black });
  }
  const spot = (space: string, i: number): Point => {
    const sp = page.spaces.find((x) => x.id === space);
    return at(sp?.spots[i] ?? sp?.spots[0] ?? [0, 0]);
  };
  if (view.childStandee) {
    const sp = page.spaces.find((x) => x.id === view.childStandee);
    const p = at(sp?.spots[sp.spots.length - 1] ?? [0, 0]);
    drawStandee(ctx, { x: p.x, y: p.y, radius: 16, colour: PALETTE.translucentBlue, name: '★', mark: '★' });
  }
  for (const e of view.enemies) {
    if (!e) continue;
    const p = spot(e.place.space, e.place.spot);
    drawStandee(ctx, { x: p.x, y: p.y, radius: 20, colour: e.kind === 'entity' ? PALETTE.purple : PALETTE.red, name: tx(e.name, e.uid) });
  }
  for (const pl of view.players) {
    if (pl.place === 'morass') continue;
    const p = spot(pl.place.space, pl.place.spot);
    drawStandee(ctx, { x: p.x, y: p.y, radius: 20, colour: SEATS[pl.seat % SEATS.length] as string, name: tx(pl.avatar.name, pl.avatar.card) });
  }
}

/** Short die names under the legend swatches (colour names are the same idea in both languages). */
const DIE_SHORT: Record<string, string> = { white: 'W', black: 'B', suspicious: 'S', red: 'R', green: 'G', yellow: 'Y', blue: 'Bl', purple: 'P', child: '★' };

const SYMBOL_MARK: Record<string, string> = { avatarStart: 'A', enemyStart: 'E', search: 'S', poi: '!', insight: 'i', rabbitHole: '◎', objective: '⚑' };

function lineColour(kind: string): string {
  switch (kind) {
    case 'red':
      return PALETTE.red;
    case 'green':
      return PALETTE.green;
    case 'yellow':
      return PALETTE.yellow;
    case 'blue':
      return PALETTE.blue;
    default:
      return PALETTE.white;
  }
}

function dice(ctx: Ctx, x: number, y: number, list: readonly { kind: string; face: number | null }[], size = 34, maxW = 480): number {
  const perRow = Math.max(1, Math.floor(maxW / (size + 6)));
  list.forEach((d, i) => {
    drawDie(ctx, { x: x + (i % perRow) * (size + 6), y: y + Math.floor(i / perRow) * (size + 6), size, colour: DIE_OF[d.kind] ?? 'white', value: d.face });
  });
  return Math.max(1, Math.ceil(list.length / perRow)) * (size + 6);
}

/** Tops of the sideboard's rows: group task, threat track, enemy slots heading, the Morass, discard pool, legend. */
const ROW = (() => {
  const group = SIDE.y;
  const threat = group + 138;
  const enemies = threat + 96;
  const morass = enemies + 30 + 362;
  const discard = morass + 94;
  return { group, threat, enemies, cards: enemies + 30, morass, discard, legend: discard + 160 };
})();
const GROUP_PANEL: Rect = { x: SIDE.x, y: ROW.group, w: SIDE.w, h: 128 };
const MORASS_PANEL: Rect = { x: SIDE.x, y: ROW.morass, w: SIDE.w, h: 84 };
const DISCARD_PANEL: Rect = { x: SIDE.x, y: ROW.discard, w: SIDE.w, h: 150 };
const THREAT_TITLE_H = FONT_SIZE.body * 1.25 + 4;
/** The sideboard column down to the die key under the legend, with room for strokes. */
const SIDEBOARD_AREA: Rect = { x: SIDE.x - 4, y: SIDE.y - 4, w: WIDTH - SIDE.x + 4, h: HEIGHT - SIDE.y + 4 };

/** The sideboard's printed parts, the same for every table in a language: frames, the threat track's slots, headings, legend. */
function drawSideboardBase(ctx: Ctx, L: Labels): void {
  const x = SIDE.x;
  drawPanelFrame(ctx, GROUP_PANEL, { titled: true });
  drawTrack(ctx, { x, y: ROW.threat + THREAT_TITLE_H, slotSize: 40, slots: Array.from({ length: 8 }, (_, i) => String(i + 1)) });
  drawText(ctx, L.enemies, { x, y: ROW.enemies, size: FONT_SIZE.body, bold: true });
  drawPanel(ctx, MORASS_PANEL, { title: L.morass });
  drawPanelFrame(ctx, DISCARD_PANEL, { titled: true });
  const legend: LegendItem[] = [
    { label: L.dotted, swatch: { link: 'dottedWhite' } },
    { label: L.solidWhite, swatch: { link: 'solidWhite' } },
    { label: L.coloured, swatch: { link: 'solidColour', colour: PALETTE.red } },
  ];
  const y = ROW.legend;
  drawLegend(ctx, x, y, legend, L.legend, SIDE.w);
  Object.keys(DIE_OF).forEach((k, i) => {
    drawDie(ctx, { x: x + 14 + i * 56, y: y + 190, size: 30, colour: DIE_OF[k] as DieColour, value: null });
    drawText(ctx, DIE_SHORT[k] ?? k, { x: x + 29 + i * 56, y: y + 224, size: FONT_SIZE.small, align: 'center', colour: PALETTE.muted });
  });
}

/** The sideboard's state, drawn over {@link drawSideboardBase}: dice, situation, enemy cards, the Morass, the bag. */
function drawSideboard(ctx: Ctx, view: TableView, L: Labels, tx: Tx): void {
  const x = SIDE.x;
  drawPanelTitle(ctx, GROUP_PANEL, `${L.group}${view.groupTask ? ` ${view.groupTask.colour} ≥ ${view.groupTask.target}` : ''}`);
  const inner = panelContent(GROUP_PANEL, true);
  dice(ctx, inner.x, inner.y, view.dice.group, 30, 300);
  drawText(ctx, L.child, { x: inner.x + 330, y: inner.y - 34, size: FONT_SIZE.small, colour: PALETTE.muted });
  drawDie(ctx, { x: inner.x + 360, y: inner.y, size: 40, colour: 'translucentBlue', value: view.dice.child });
  let y = ROW.threat;
  const situation = view.situation === 'hostile' ? L.hostile : L.safe;
  drawRoundRect(ctx, { x: x + SIDE.w - 120, y: y + 4, w: 120, h: 70 }, { fill: view.situation === 'hostile' ? PALETTE.red : PALETTE.green, radius: 12 });
  drawText(ctx, situation, { x: x + SIDE.w - 60, y: y + 26, size: FONT_SIZE.body, bold: true, align: 'center' });
  drawText(ctx, `${L.threat} (${view.dice.threat.length})`, { x, y, size: FONT_SIZE.body, bold: true });
  view.dice.threat.slice(0, 8).forEach((d, i) => drawDie(ctx, { x: x + i * 46 + 3, y: y + FONT_SIZE.body * 1.3 + 8, size: 34, colour: DIE_OF[d.kind] ?? 'black', value: d.face }));
  y = ROW.cards;
  const cardW = (SIDE.w - 20) / 3;
  view.enemies.forEach((e, i) => {
    const r = { x: x + (i % 3) * (cardW + 10), y: y + Math.floor(i / 3) * 176, w: cardW, h: 166 };
    if (!e) {
      ctx.strokeStyle = PALETTE.panelBorder;
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 6]);
      ctx.strokeRect(r.x, r.y, r.w, r.h);
      ctx.setLineDash([]);
      return;
    }
    const lines = [
      `${L.def} ${e.defence}${e.life !== null ? ` · ♥${e.life}` : ''}`,
      ...e.actions.map((a) => `${a.min}-${a.max} ${tx(a.name)}: ${a.speed}/${a.range}/${a.strength}`),
    ];
    const card = { ...r, title: tx(e.name, e.uid), lines, accent: e.kind === 'entity' ? PALETTE.purple : PALETTE.red };
    drawLayer(ctx, 'comanauts.enemy', card, { x: r.x - FRAME_BLEED, y: r.y - FRAME_BLEED, w: r.w + 2 * FRAME_BLEED, h: r.h + 2 * FRAME_BLEED }, (g) => drawCard(g, card));
  });
  const morassNames = view.morass.map((s) => view.players[s]).filter((p) => p !== undefined).map((p) => tx(p.avatar.name, p.avatar.card));
  const m = panelContent(MORASS_PANEL, true);
  drawText(ctx, morassNames.join(', ') || L.empty, { x: m.x, y: m.y, size: FONT_SIZE.body, maxWidth: m.w, maxLines: 1 });
  drawPanelTitle(ctx, DISCARD_PANEL, `${L.discard} · ${view.dice.bag} ${L.bag} · ${L.insight} ${view.insight}`);
  const disc = panelContent(DISCARD_PANEL, true);
  dice(ctx, disc.x, disc.y, view.dice.discard.map((k) => ({ kind: k, face: null })), 26, disc.w);
}

/** Beyond a panel's or card's edge, what its outline and anti-aliasing may paint (half a 4 px stroke and a pixel). */
const FRAME_BLEED = 3;

/**
 * One sheet per player under the map. Each comes from the layer cache, keyed by everything it shows,
 * so only the sheets whose player changed (or who became or stopped being active) are drawn again.
 */
function drawSheets(ctx: Ctx, view: TableView, L: Labels, lang: string, tx: Tx, colourName: (colour: string) => string): void {
  const top = MAP.y + MAP.h + 14;
  const n = Math.max(1, view.players.length);
  const w = (MAP.w - (n - 1) * 10) / n;
  view.players.forEach((p, i) => {
    const r = { x: MAP.x + i * (w + 10), y: top, w, h: HEIGHT - top - 20 };
    const active = i === view.active;
    const hand = active ? view.dice.hand : [];
    const bonus = p.avatar.dieBonus ? colourName(p.avatar.dieBonus.colour) : null;
    const area: Rect = { x: r.x - FRAME_BLEED, y: r.y - FRAME_BLEED, w: r.w + 2 * FRAME_BLEED, h: r.h + 2 * FRAME_BLEED };
    drawLayer(ctx, 'comanauts.sheet', { player: p, active, hand, bonus, labels: L, lang, r }, area, (g) => drawSheet(g, p, r, active, hand, L, tx, bonus));
  });
}

function drawSheet(ctx: Ctx, p: TableView['players'][number], r: Rect, active: boolean, hand: readonly string[], L: Labels, tx: Tx, bonus: string | null): void {
  const inner = drawPanel(ctx, r, { title: `${p.name}${active ? ' ▶' : ''}`, fill: active ? '#34405a' : PALETTE.panel });
  let y = inner.y;
  drawToken(ctx, { x: inner.x + 22, y: y + 22, radius: 18, fill: SEATS[p.seat % SEATS.length] as string, label: tx(p.avatar.name, p.avatar.card).slice(0, 2), stroke: PALETTE.white });
  drawText(ctx, tx(p.avatar.name, p.avatar.card), { x: inner.x + 50, y, size: FONT_SIZE.body, bold: true, maxWidth: inner.w - 50, maxLines: 1 });
  if (p.avatar.dieBonus) drawText(ctx, `+${p.avatar.dieBonus.amount} ${bonus ?? ''}`, { x: inner.x + 50, y: y + 24, size: FONT_SIZE.small, colour: PALETTE.muted });
  for (let k = 0; k < p.faceDownAvatars; k++) drawCard(ctx, { x: inner.x + inner.w - 30 - k * 14, y: y, w: 26, h: 38, title: '', faceDown: true });
  y += 56;
  drawText(ctx, `${L.life} ${'♥'.repeat(Math.max(0, p.life))}  ${L.clarity} ${p.clarity}`, { x: inner.x, y, size: FONT_SIZE.body, bold: true, maxWidth: inner.w, maxLines: 1 });
  y += 30;
  drawText(ctx, `${L.stored}:`, { x: inner.x, y: y + 6, size: FONT_SIZE.small });
  drawDie(ctx, { x: inner.x + 90, y, size: 30, colour: p.stored ? (DIE_OF[p.stored] ?? 'white') : 'black', value: null, highlight: p.stored ? PALETTE.yellow : PALETTE.panelBorder });
  if (hand.length > 0) dice(ctx, inner.x + 140, y, hand.map((k) => ({ kind: k, face: null })), 30, inner.w - 140);
  y += 40;
  const equipped = [...new Set(Object.values(p.equipment).filter((v) => v !== null).map((v) => tx(v?.name, v?.id)))];
  y += drawText(ctx, equipped.join(', ') || L.empty, { x: inner.x, y, size: FONT_SIZE.small, maxWidth: inner.w, maxLines: 2 }).height + 4;
  y += drawText(ctx, `${L.inventory}: ${p.inventory.map((it) => tx(it.name, it.id)).join(', ') || L.empty}`, { x: inner.x, y, size: FONT_SIZE.small, maxWidth: inner.w, maxLines: 2, colour: PALETTE.muted }).height + 4;
  const statuses = [...p.statuses.map((s) => tx(s.name, s.id)), ...(p.defaultStatus.active ? [tx(p.defaultStatus.name, p.defaultStatus.id)] : [])];
  y += drawText(ctx, `${L.statuses}: ${statuses.join(', ') || L.empty}`, { x: inner.x, y, size: FONT_SIZE.small, maxWidth: inner.w, maxLines: 2 }).height + 4;
  if (p.suspicious) drawText(ctx, L.suspicious, { x: inner.x, y, size: FONT_SIZE.small, bold: true, colour: PALETTE.red });
  if (p.place === 'morass') drawText(ctx, L.morass, { x: inner.x + inner.w, y, size: FONT_SIZE.small, bold: true, align: 'right', colour: PALETTE.purple });
}

/** Registers the table picture; `ui` gives the interface strings in the reader's language. */
export function register(ui?: ComanautsText): void {
  registerRenderer('comanauts', (view, locale) => renderComanauts(view, locale, ui));
}
