import { createCanvas, loadImage } from 'canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng, seedRng } from '../../../core/index.ts';
import { hasText, pickLanguage, t } from '../../../i18n/index.ts';
import { PALETTE, createSurface, encodePng } from '../../../render/index.ts';
import { MIN_PREVIEW_PX, measure } from '../../../render/legibility.test-helper.ts';
import { packText, type LifeformPack } from '../content.ts';
import { loadValleyForge } from '../fixture.test-helper.ts';
import { lifeformGame } from '../index.ts';
import { renderLifeform, WIDTH } from '../render.ts';
import { SPACE_R, drawMotionBoard, motionLayout, stepsToAlert, type MotionSpace } from '../render-solo-tracks.ts';
import type { LifeformState } from '../state.ts';
import { edited, pack, soloStarted } from './solo.test-helper.ts';

const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);
const sayIn = (lang: string) => (code: string, params?: Record<string, unknown>): string => ui(code, lang, params) ?? code;

let valley: LifeformPack;
let valleySpaces: readonly MotionSpace[];
beforeAll(async () => {
  valley = await loadValleyForge();
  valleySpaces = valley.solo?.solo.motion.spaces ?? [];
});

/** A solo game on the shipped Valley Forge pack (its 20-space motion track), character picked. */
function valleyGame(): LifeformState {
  const s = lifeformGame.setup({ lifeform: 0, evolution: false, mods: [], mode: 'solo' }, [{ index: 0, name: 'p0' }], createRng(seedRng(11)), valley, lifeformGame.rulesVersion);
  const r = lifeformGame.decide(s, { type: 'soloPick', args: { character: (s.offers['0'] as string[])[0] } }, { seat: 0, now: '2026-01-01T00:00:00.000Z', rng: createRng(seedRng(3)), asHost: false, pack: valley });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.state;
}

async function rgbAt(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  const d = c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0];
}

const hex = (c: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];

describe("Dragon's Domain picture", () => {
  it('issue 20 §The picture: GIVEN a solo game WHEN drawn from its public view THEN the solo panel shows the motion board (how far the lifeform is, close range, the start spaces, PROXIMITY ALERT!, the character), the fear track, objectives, tokens, traits and the container, legible at 550 px in both languages', async () => {
    const s = edited(soloStarted(11), (_d, so) => {
      so.motion = 'motion-tough';
      so.fear = 2;
      so.nerve = 5;
      so.objectives.cat = true;
      so.tokens.harpoon = 1;
    });
    for (const lang of ['en', 'es']) {
      const say = sayIn(lang);
      const m = await measure(() => renderLifeform(lifeformGame.publicView(s) as never, pack, lang, ui), WIDTH);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.truncated).toEqual([]);
      expect(m.overflows).toEqual([]);
      expect(m.overlaps).toEqual([]);
      const drawn = m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      expect(drawn).toContain(say('lifeform-solo.render.heading'));
      expect(drawn).toContain(`${say('lifeform-solo.render.motion', { where: say('lifeform-solo.render.motionAway', { count: 2 }) })} ${say('lifeform-solo.render.close')}`);
      for (const start of ['normal', 'shaken', 'tough']) expect(drawn).toContain(say(`lifeform-solo.render.start.${start}`));
      expect(drawn).toContain(say('lifeform-solo.render.alert'));
      const character = packText(pack, `character.${s.solo?.character ?? ''}.name`, lang);
      expect(character).toBeTruthy();
      expect(drawn).toContain(character);
      expect(drawn).toContain(say('lifeform-solo.render.fear', { space: 6, of: 8, fear: 2 }));
      expect(m.texts.filter((x) => /^[1-8]$/.test(x.text)).map((x) => x.text)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
      expect(drawn).toContain(say('lf.render.playerCrew', { name: say('lf.render.seat', { n: 1 }) }));
      expect(drawn, 'the automated lifeform holds no seat').not.toContain(say('lf.render.playerLifeform', { name: say('lf.render.seat', { n: 0 }) }));
      expect(drawn).toContain(ui('lifeform-solo.objectiveName.cat', lang));
      expect(drawn).toContain(ui('lifeform-solo.render.traits', lang, { ready: 3, used: 0 }));
    }
  }, 60_000);

  it('issue 20 §The picture, rulebook §MOTION TRACKER BOARD: GIVEN the shipped 20-space track WHEN drawn in English and Spanish THEN all 20 spaces, the three paths and PROXIMITY ALERT! fit the 550 px preview legibly, and the line says how far the lifeform is', async () => {
    expect(valleySpaces).toHaveLength(20);
    const s = edited(valleyGame(), (_d, so) => {
      so.motion = 'motion-hold-2';
    });
    for (const lang of ['en', 'es']) {
      const say = sayIn(lang);
      const m = await measure(() => renderLifeform(lifeformGame.publicView(s) as never, valley, lang, ui), WIDTH);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect([...m.truncated, ...m.overflows, ...m.overlaps]).toEqual([]);
      const drawn = m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      expect(drawn).toContain(say('lifeform-solo.render.motionAway', { count: 6 }));
      for (const effect of ['draw2', 'loseNerve', 'selfDestruct', 'draw2Stowaway', 'alert']) {
        const n = valleySpaces.filter((x) => x.effect === effect).length;
        expect(m.texts.filter((x) => x.text === say(`lifeform-solo.render.space.${effect}`)), effect).toHaveLength(n);
      }
    }
  }, 60_000);

  it('rulebook §MOTION TRACKER BOARD ("you decide which path it takes"): GIVEN the shipped track THEN the steps to PROXIMITY ALERT! are the shortest path: 8 from START by the hall, 6 from TOUGH, 10 from SHAKEN, 0 on the alert', () => {
    const start = (kind: string) => valleySpaces.find((x) => x.start === kind)?.id ?? '';
    expect(stepsToAlert(valleySpaces, start('normal'))).toBe(8);
    expect(stepsToAlert(valleySpaces, start('tough'))).toBe(6);
    expect(stepsToAlert(valleySpaces, start('shaken'))).toBe(10);
    expect(stepsToAlert(valleySpaces, 'motion-duct-1')).toBe(8);
    expect(stepsToAlert(valleySpaces, 'motion-alert')).toBe(0);
  });

  it('issue 20 §The picture: GIVEN the lifeform image figure on a space WHEN the board is drawn THEN that space is the purple one and no other, and every space sits inside the board, none overlapping another', async () => {
    const width = 780;
    const lay = motionLayout(valleySpaces, width);
    const centres = valleySpaces.map((x) => lay.centre(x.at));
    centres.forEach((c, i) => {
      expect(c.x - SPACE_R).toBeGreaterThanOrEqual(0);
      expect(c.x + SPACE_R).toBeLessThanOrEqual(width);
      expect(c.y - SPACE_R).toBeGreaterThanOrEqual(0);
      expect(c.y + SPACE_R).toBeLessThanOrEqual(lay.height);
      for (const d of centres.slice(i + 1)) expect(Math.hypot(c.x - d.x, c.y - d.y)).toBeGreaterThan(2 * SPACE_R);
    });
    for (const at of ['motion-start', 'motion-hold-3', 'motion-close-2']) {
      const surface = createSurface(width, lay.height, { opaque: true, density: 1.5 });
      surface.ctx.fillStyle = PALETTE.background;
      surface.ctx.fillRect(0, 0, width, lay.height);
      drawMotionBoard(surface.ctx, { x: 0, y: 0, w: width }, valleySpaces, at, 'Motoko', sayIn('en'));
      const png = await encodePng(surface.canvas);
      for (const space of valleySpaces) {
        const c = lay.centre(space.at);
        // Inside the space, under its glyph: the space's own fill.
        const rgb = await rgbAt(png, c.x * 1.5, (c.y + SPACE_R - 5) * 1.5);
        if (space.id === at) expect(rgb, space.id).toEqual(hex(PALETTE.purple));
        else expect(rgb, space.id).toEqual(hex(space.effect === 'alert' ? PALETTE.red : PALETTE.dark));
      }
    }
  }, 60_000);
});
