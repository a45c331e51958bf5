import { createCanvas, loadImage } from 'canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasText, pickLanguage, t } from '../../i18n/index.ts';
import { packText, type LifeformPack } from './content.ts';
import { loadValleyForge } from './fixture.test-helper.ts';
import { lifeformGame } from './index.ts';
import { playRandom } from './play.test-helper.ts';
import { DENSITY, renderLifeform, WIDTH } from './render.ts';
import { MIN_PREVIEW_PX, measure } from '../../render/legibility.test-helper.ts';
import { LAYER_CACHE_BYTES, setLayerCacheBytes } from '../../render/index.ts';
import { arrange, setUp } from './scenario.test-helper.ts';
import type { LifeformState } from './state.ts';

let pack: LifeformPack;
let states: LifeformState[];
beforeAll(async () => {
  pack = await loadValleyForge();
  states = playRandom(pack, 11, 3, [0, 3, 8, 15, 22, 29, 36, 1, 50], 200).steps.map((s) => s.state);
});

const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const calls: string[] = [];
const spyUi = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => {
  const out = ui(code, lang, params);
  calls.push(`${code} ${JSON.stringify(params ?? {})} ${out ?? ''}`);
  return out;
};

/** The public picture of `s` with these seat names, checked legible at 550 px (nothing cut, spilled or overlapping); its words, a line each. */
async function drawnLegibly(s: LifeformState, seats: readonly string[], lang: string): Promise<string> {
  const view = { ...(lifeformGame.publicView(s) as Record<string, unknown>), seatNames: seats };
  const m = await measure(() => renderLifeform(view as never, pack, lang, ui), WIDTH);
  expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
  expect(m.truncated).toEqual([]);
  expect(m.overflows).toEqual([]);
  expect(m.overlaps).toEqual([]);
  return m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

describe('the Lifeform picture (issue 17 "The picture")', () => {
  it('issue 17 §The picture: a PNG 800 units wide at 1.5 px a unit (legible at 550 px) of the three decks, in English and Spanish, with every interface string found', async () => {
    const s = states[states.length - 1] as LifeformState;
    for (const lang of ['en', 'es']) {
      calls.length = 0;
      const png = await renderLifeform(lifeformGame.publicView(s) as never, pack, lang, spyUi);
      const img = await pixels(png);
      expect(img.width).toBe(WIDTH * DENSITY);
      expect(img.height).toBeGreaterThan(1000);
      expect(calls.filter((c) => c.endsWith(' '))).toEqual([]);
      expect(calls.some((c) => c.startsWith('lf.render.track.selfDestruct'))).toBe(true);
    }
  }, 60_000);

  it('issue 17 §Hidden information: the picture is the same image whichever image is the real lifeform (it is drawn from the public view only)', async () => {
    const s = states.find((x) => x.real !== null && x.images.filter((i) => i !== null).length > 1) as LifeformState;
    const other = { ...s, real: ((s.real as number) + 1) % s.images.length } as LifeformState;
    const a = await renderLifeform(lifeformGame.publicView(s) as never, pack, 'en', ui);
    const b = await renderLifeform(lifeformGame.publicView(other) as never, pack, 'en', ui);
    expect(a.equals(b)).toBe(true);
  }, 60_000);

  it('issue 17 §The picture: a character\'s owner colour and the hidden mark show (a hidden character is drawn differently)', async () => {
    const s = states.find((x) => x.phase !== 'setup') as LifeformState;
    const c = s.characters[0];
    if (!c) throw new Error('no character');
    calls.length = 0;
    const hidden = { ...s, characters: s.characters.map((x, i) => (i === 0 ? { ...x, hidden: true } : x)) } as LifeformState;
    const a = await renderLifeform(lifeformGame.publicView(s) as never, pack, 'en', ui);
    const b = await renderLifeform(lifeformGame.publicView(hidden) as never, pack, 'en', spyUi);
    expect(a.equals(b)).toBe(false);
    expect(calls.some((x) => x.startsWith('lf.render.hidden'))).toBe(true);
  }, 60_000);

  it('issue 17 §The picture (hull breach, power outages): GIVEN a breached chamber and power outages WHEN drawn over the cached ship layer THEN the PNG is byte for byte the one drawn with every layer afresh, and it is legible at 550 px with the breach named', async () => {
    const s = arrange(setUp(3), (d) => {
      d.hullBreach = 'galley';
      d.outages = ['medbay', 'galley', 'workshop'];
    });
    for (const lang of ['en', 'es']) {
      const view = lifeformGame.publicView(s) as never;
      await renderLifeform(view, pack, lang, ui);
      const cached = await renderLifeform(view, pack, lang, ui);
      setLayerCacheBytes(0);
      const fresh = await renderLifeform(view, pack, lang, ui).finally(() => setLayerCacheBytes(LAYER_CACHE_BYTES));
      expect(cached.equals(fresh)).toBe(true);
      expect(await drawnLegibly(s, ['Ana', 'Bea', 'Cid'], lang)).toContain(ui('lf.render.breach', lang));
    }
  }, 60_000);

  it('issue 17 §The picture: GIVEN a security door, the ship\'s cat, a role board and mission tokens in the loadout WHEN drawn for 2 and 4 players in English and Spanish THEN each is named in words with the players\' colours and a legend, and the smallest text is 11 px at 550 px with nothing cut, spilled or overlapping', async () => {
    const two = arrange(setUp(2), (d) => {
      d.door = { link: ['galley', 'lift-b'], half: true };
      d.loadout = { weaponry: 2, coolant: 1, energy: 0, spacesuits: 3, halon: 1 };
    });
    const four = arrange(setUp(4), (d) => {
      d.door = { link: ['medbay', 'galley'], half: false };
      d.roles = { '3': 'sister' };
      d.roleBoards = { sister: [2, 1] };
    });
    for (const [s, seats] of [[two, ['Ana Lucía de la Fuente', 'Bea']], [four, ['Ana', 'Bea', 'Cid', 'Dolores María Esperanza']]] as const) {
      for (const lang of ['en', 'es']) {
        const drawn = await drawnLegibly(s, seats, lang);
        const door = s.door as { link: [string, string]; half: boolean };
        expect(drawn).toContain(ui(door.half ? 'lf.render.doorHalf' : 'lf.render.door', lang, { from: packText(pack, `ship.chamber.${door.link[0]}.name`, lang), to: packText(pack, `ship.chamber.${door.link[1]}.name`, lang) }));
        for (const name of seats) expect(drawn).toContain(name);
        expect(drawn).toContain(ui('lf.render.legend.links', lang));
        expect(drawn).toContain(ui('lf.render.columnCount', lang, { column: ui('lf.render.column.weaponry', lang), n: s.loadout.weaponry }));
        if (s.cat) expect(drawn).toContain(ui('lf.render.cat', lang));
        if (s === four) expect(drawn).toContain(ui('lf.render.roleBoard', lang, { role: packText(pack, 'roles.sister.name', lang), player: 'Dolores María Esperanza', tracks: [ui('lf.render.roleTrack', lang, { n: 1, at: 2, of: pack.roles.sister.board.tracks[0]?.length }), ui('lf.render.roleTrack', lang, { n: 2, at: 1, of: pack.roles.sister.board.tracks[1]?.length })].join(' · ') }));
      }
    }
    expect(two.cat).not.toBeNull();
  }, 60_000);

  it('Rules §OPTIONAL: EVOLUTION TOKEN, §SHOWDOWN STAGE (data tokens, stowaway token) and §13TH PASSENGER Mods B and D: GIVEN kept and waiting evolution tokens, data tokens by icon, the stowaway token, covered asteroid minutes and a hunt WHEN drawn for 3 players in English and Spanish THEN each is named in words from the public view (the hunt once, on the Remora board, not again as lines under it), legible at 550 px with nothing cut, spilled or overlapping', async () => {
    const base = setUp(3, 7, { evolution: true, mods: ['asteroids', 'hunt'] });
    const searcher = base.characters[0]?.id as string;
    const searching = arrange(base, (d) => {
      d.stowawayToken = true;
      d.evolution = { pairs: [['terror', 'powerOutage'], ['malfunction', 'selfDestruct']], held: ['move1'] };
      d.dataTokens = { '1': ['claw', 'bite'], '2': ['acid'] };
      const p = d.passenger as NonNullable<LifeformState['passenger']>;
      p.asteroids = { minutes: [19, 17], strikes: 1, cards: ['hull-rupture'], struck: null };
      p.hunt = { stage: 'search', at: 'cockpit', tokensAt: 'airlock', actions: ['search', 'halon'], searched: [{ location: 'cargo-hold', by: searcher }, { location: 'cryo-pods', by: 'halon' }], revealed: ['engineering-compartment'], found: false };
    });
    const unfound = arrange(searching, (d) => {
      const p = d.passenger as NonNullable<LifeformState['passenger']>;
      p.asteroids = { minutes: [], strikes: 0, cards: [], struck: 'hull-rupture' };
      p.hunt = { ...(p.hunt as NonNullable<typeof p.hunt>), stage: 'done', actions: [] };
    });
    const seats = ['Ana Lucía de la Fuente', 'Bea', 'Cid'];
    for (const s of [searching, unfound]) {
      for (const lang of ['en', 'es']) {
        const drawn = await drawnLegibly(s, seats, lang);
        const icon = (i: string): string => ui('lf.render.icon', lang, { icon: i }) as string;
        const place = (id: string): string => packText(pack, `location.${id}.name`, lang) as string;
        expect(drawn).toContain(ui('lf.render.stowawayToken.held', lang));
        expect(drawn).toContain(ui('lf.render.evolution.held', lang, { icons: icon('move1') }));
        expect(drawn).toContain(ui('lf.render.evolution.waiting', lang, { pairs: `${icon('terror')} / ${icon('powerOutage')} · ${icon('malfunction')} / ${icon('selfDestruct')}` }));
        expect(drawn).toContain(ui('lf.render.dataTokens', lang, { name: 'Bea', icons: `${icon('claw')}, ${icon('bite')}` }));
        expect(drawn).toContain(ui('lf.render.dataTokens', lang, { name: 'Cid', icons: icon('acid') }));
        // Each hunt fact once, on the board: the same facts as lines under it would repeat it (the alt text names them, labels.test.ts).
        expect(drawn).not.toContain(ui('lf.render.hunt.tokens', lang, { place: place('airlock') }));
        expect(drawn).not.toContain(ui('lf.render.hunt.searched', lang, { who: packText(pack, `character.${searcher}.name`, lang), place: place('cargo-hold') }));
        expect(drawn).not.toContain(ui('lf.render.hunt.searchedHalon', lang, { place: place('cryo-pods') }));
        expect(drawn).not.toContain(ui('lf.render.hunt.revealed', lang, { places: place('engineering-compartment') }));
        expect(drawn).not.toMatch(/lf\.render|\{\{|lifeform:icon/);
        expect(drawn).toContain(ui('lf.render.board.heading', lang));
        for (const id of ['cockpit', 'cryo-pods', 'airlock', 'cargo-hold', 'engineering-compartment']) expect(drawn, id).toContain(place(id));
        for (const code of ['tokens', 'halon', 'notHere']) expect(drawn, code).toContain(ui(`lf.render.board.${code}`, lang));
        expect(drawn).toContain(ui('lf.render.board.searchedBy', lang, { who: packText(pack, `character.${searcher}.name`, lang) }));
        if (s === searching) {
          expect(drawn).toContain(ui('lf.render.asteroid.covered', lang, { minutes: '19, 17', n: 2 }));
          expect(drawn).toContain(ui('lf.render.hunt.actionsLeft', lang, { n: 2 }));
          // The hiding place is not in the public view while the hunt goes on: the board names every location, marks none as the hiding place.
          expect(drawn).not.toContain(ui('lf.render.board.hiding', lang));
          expect(drawn).not.toContain(ui('lf.render.hunt.unfound', lang, { place: place('cockpit') }));
        } else {
          expect(drawn).toContain(ui('lf.render.asteroid.struck', lang, { card: packText(pack, 'asteroid.hull-rupture.name', lang) }));
          expect(drawn).not.toContain(ui('lf.render.hunt.unfound', lang, { place: place('cockpit') }));
          expect(drawn).toContain(ui('lf.render.board.hiding', lang));
        }
      }
    }
  }, 60_000);

  it('13th Passenger §MOD D (hidden information), issue 20 "the Remora board": GIVEN a hunt under way WHEN the picture is drawn with the lifeform hiding in one place or another THEN the PNG is byte for byte the same in both languages (the board marks no hiding place before the view shows it); once discovered, the board says where, legibly', async () => {
    const base = setUp(3, 7, { evolution: false, mods: ['hunt'] });
    const searcher = base.characters[0]?.id as string;
    const hiding = (at: string): LifeformState =>
      arrange(base, (d) => {
        const p = d.passenger as NonNullable<LifeformState['passenger']>;
        p.hunt = { stage: 'search', at, tokensAt: 'airlock', actions: ['search'], searched: [{ location: 'cargo-hold', by: searcher }], revealed: ['engineering-compartment'], found: false };
      });
    const found = arrange(base, (d) => {
      const p = d.passenger as NonNullable<LifeformState['passenger']>;
      p.hunt = { stage: 'done', at: 'cargo-hold', tokensAt: 'airlock', actions: [], searched: [{ location: 'cargo-hold', by: searcher }], revealed: [], found: true };
    });
    for (const lang of ['en', 'es']) {
      const drawn = await drawnLegibly(found, ['Ana', 'Bea', 'Cid'], lang);
      expect(drawn).toContain(ui('lf.render.board.found', lang));
      expect(drawn).not.toContain(ui('lf.render.board.hiding', lang));
    }
    for (const lang of ['en', 'es']) {
      const [a, b] = await Promise.all(['cockpit', 'cryo-pods'].map((at) => renderLifeform(lifeformGame.publicView(hiding(at)) as never, pack, lang, ui)));
      expect(a?.equals(b as Buffer)).toBe(true);
    }
  }, 60_000);
});
