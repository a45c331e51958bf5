import { describe, expect, it } from 'vitest';
import { hasText, pickLanguage, t } from '../../../i18n/index.ts';
import { MIN_PREVIEW_PX, measure } from '../../../render/legibility.test-helper.ts';
import { lifeformGame } from '../index.ts';
import { renderLifeform, WIDTH } from '../render.ts';
import { edited, pack, soloStarted } from './solo.test-helper.ts';

const ui = (code: string, lang: string, params?: Record<string, unknown>): string | undefined => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined);

describe("Dragon's Domain picture", () => {
  it('issue 20 §The picture: GIVEN a solo game WHEN drawn from its public view THEN the solo panel shows the motion track with the lifeform\'s space, the fear track, objectives, tokens, traits and the container, legible at 550 px in both languages', async () => {
    const s = edited(soloStarted(11), (_d, so) => {
      so.motion = 'motion-tough';
      so.fear = 2;
      so.nerve = 5;
      so.objectives.cat = true;
      so.tokens.harpoon = 1;
    });
    for (const lang of ['en', 'es']) {
      const m = await measure(() => renderLifeform(lifeformGame.publicView(s) as never, pack, lang, ui), WIDTH);
      expect(m.smallestPx).toBeGreaterThanOrEqual(MIN_PREVIEW_PX);
      expect(m.truncated).toEqual([]);
      expect(m.overflows).toEqual([]);
      const drawn = m.texts.map((x) => x.text.replace(/\n/g, ' ')).join('\n');
      expect(drawn).toContain(ui('lifeform-solo.render.heading', lang));
      expect(drawn).toContain('[tough]');
      expect(drawn).toContain('T T · · · N · ·');
      expect(drawn).toContain(ui('lifeform-solo.objectiveName.cat', lang));
      expect(drawn).toContain(ui('lifeform-solo.render.traits', lang, { ready: 3, used: 0 }));
    }
  }, 60_000);
});
