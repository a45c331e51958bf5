import { packText, type ComaWardPack, type Text } from './content.ts';
import { floorCells } from './pack-helpers.ts';

type Lang = 'en' | 'es';

interface Landmark {
  readonly x: number;
  readonly y: number;
  readonly name: Text;
}

interface Place {
  readonly floor: Text;
  readonly kind: 'hallway' | 'slot' | 'fixture';
  /** The fixture's own name (stairs, elevator), or the landmark a hallway or slot is named after. */
  readonly name: Text | null;
  readonly dx: number;
  readonly dy: number;
}

const cache = new WeakMap<object, ReadonlyMap<string, Place>>();

/** The key naming a space that has no room of its own (hallways, stairs, elevators, empty slots). */
export const placeKey = (spaceId: string): string => `space.${spaceId}.name`;

const fill = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole));

/**
 * The landmark that names a space: the nearest, and among those one in a plain direction (north,
 * north-east …), so a space reads "by the Lobby (north-east)" rather than a zig-zag. Landmark and offset together locate one
 * space, so no two spaces of a floor share a name.
 */
function nearest(x: number, y: number, landmarks: readonly Landmark[]): Landmark | undefined {
  const cost = (l: Landmark): [number, number, number] => {
    const ax = Math.abs(l.x - x);
    const ay = Math.abs(l.y - y);
    return [Math.max(ax, ay), ax === 0 || ay === 0 || ax === ay ? 0 : 1, ax + ay];
  };
  let best: Landmark | undefined;
  let bestCost: [number, number, number] = [999, 9, 999];
  for (const l of landmarks) {
    const c = cost(l);
    if (c[0] < bestCost[0] || (c[0] === bestCost[0] && (c[1] < bestCost[1] || (c[1] === bestCost[1] && c[2] < bestCost[2])))) {
      best = l;
      bestCost = c;
    }
  }
  return best;
}

/** Every named place of a pack's board, built once per pack. */
function placesOf(pack: ComaWardPack): ReadonlyMap<string, Place> {
  const hit = cache.get(pack.board);
  if (hit) return hit;
  const out = new Map<string, Place>();
  for (const floor of pack.board.floors) {
    const cells = floorCells(floor);
    const fixtures = new Map<string, Text>();
    for (const st of pack.board.stairs) {
      const xy = st.spaces[floor.id];
      if (xy && st.name) fixtures.set(`${xy[0]}:${xy[1]}`, st.name);
    }
    for (const el of pack.board.elevators) {
      const xy = el.spaces[floor.id];
      if (xy) fixtures.set(`${xy[0]}:${xy[1]}`, el.name);
    }
    const landmarks: Landmark[] = [];
    for (const c of cells) {
      const room = floor.rooms.find((r) => r.letter === c.ch);
      const name = room?.name ?? fixtures.get(`${c.x}:${c.y}`);
      if (name) landmarks.push({ x: c.x, y: c.y, name });
    }
    for (const c of cells) {
      if (c.ch === 'S' || c.ch === 'E') {
        out.set(c.id, { floor: floor.name, kind: 'fixture', name: fixtures.get(`${c.x}:${c.y}`) ?? null, dx: 0, dy: 0 });
      } else if (c.ch === 'h' || c.ch === '?') {
        const l = nearest(c.x, c.y, landmarks);
        out.set(c.id, { floor: floor.name, kind: c.ch === 'h' ? 'hallway' : 'slot', name: l?.name ?? null, dx: l ? c.x - l.x : 0, dy: l ? c.y - l.y : 0 });
      }
    }
  }
  cache.set(pack.board, out);
  return out;
}

const compassOf = (dx: number, dy: number): 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw' => {
  const ns = dy < 0 ? 'n' : dy > 0 ? 's' : '';
  const ew = dx < 0 ? 'w' : dx > 0 ? 'e' : '';
  return `${ns}${ew}` as 'n';
};

/** Where a space lies from its landmark, in words: "north-east", "2 steps east", "2 steps east, 1 step south". */
function where(pack: ComaWardPack, dx: number, dy: number, lang: Lang): string {
  const places = pack.board.places;
  if (!places) return '';
  const dir = (c: ReturnType<typeof compassOf>): string => places.directions[c][lang];
  const steps = (n: number, c: ReturnType<typeof compassOf>): string => fill((n === 1 ? places.step : places.steps)[lang], { n, dir: dir(c) });
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax === 0 || ay === 0 || ax === ay) {
    const n = Math.max(ax, ay);
    return n === 1 ? dir(compassOf(dx, dy)) : steps(n, compassOf(dx, dy));
  }
  return `${steps(ax, compassOf(dx, 0))}, ${steps(ay, compassOf(0, dy))}`;
}

/**
 * The name of a space without a room of its own (board.yaml `places`): "2nd Floor hallway, by the Lobby
 * (north-east)", "West Stairs, 2nd Floor". Undefined for other keys, or when the pack gives no `places`.
 */
export function placeText(pack: ComaWardPack, key: string, language: string): string | undefined {
  const m = /^space\.(.+)\.name$/.exec(key);
  const places = pack.board.places;
  if (!m || !places) return undefined;
  const place = placesOf(pack).get(m[1] as string);
  if (!place) return undefined;
  const lang: Lang = language === 'es' ? 'es' : 'en';
  const floor = place.floor[lang];
  if (!place.name) return floor;
  if (place.kind === 'fixture') return fill(places.fixture[lang], { floor, name: place.name[lang] });
  return fill(places[place.kind][lang], { floor, landmark: place.name[lang], where: where(pack, place.dx, place.dy, lang) });
}

/** Whether the pack names this space itself (so `spaceKey` may hand out `space.<id>.name`). */
export const hasPlaceName = (pack: ComaWardPack, spaceId: string): boolean => pack.board.places !== undefined && placesOf(pack).has(spaceId);

/** Coma Ward's pack texts: the pack's own texts, and the composed names of hallways, stairs and slots. */
export function comaWardText(pack: ComaWardPack, key: string, lang: string): string | undefined {
  return placeText(pack, key, lang) ?? packText(pack, key, lang);
}
