import { describe, expect, it } from 'vitest';
import type { PictureRequest } from '../discord/services.ts';
import { deferPictures } from './pictures.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const request = (key: string, view: unknown): PictureRequest => ({ gameType: 'tally', view, locale: 'en', key });

describe('pictures drawn only when looked at', () => {
  it('GIVEN drawing off WHEN pictures are asked for THEN each gets the stand-in, and drawing them at the end draws the newest of each key only', async () => {
    const calls: unknown[] = [];
    const pictures = deferPictures(async (r) => {
      calls.push(r.view);
      return PNG;
    });
    const first = await pictures.draw(request('g1:table', 1));
    await pictures.draw(request('g1:table', 2));
    await pictures.draw(request('g1:seat:0', 'own'));
    expect(pictures.standsIn(first)).toBe(true);
    expect(calls).toEqual([]);
    expect(await pictures.drawNewest()).toEqual([]);
    expect(calls).toEqual([2, 'own']);
    expect(await pictures.drawNewest()).toEqual([]);
    expect(pictures.counts()).toEqual({ drawn: 2, stoodIn: 3 });
  });

  it('GIVEN drawing on WHEN a picture is asked for THEN it is drawn at once and no longer owed at the end', async () => {
    const calls: unknown[] = [];
    const pictures = deferPictures(async (r) => {
      calls.push(r.view);
      return PNG;
    });
    await pictures.draw(request('g1:table', 1));
    pictures.drawing = true;
    const drawn = await pictures.draw(request('g1:table', 2));
    expect(drawn).toBe(PNG);
    expect(pictures.standsIn(drawn)).toBe(false);
    expect(await pictures.drawNewest()).toEqual([]);
    expect(calls).toEqual([2]);
  });

  it('GIVEN owed pictures that fail or are not PNGs WHEN drawn at the end THEN each problem names the game type and key', async () => {
    const pictures = deferPictures(async (r) => {
      if (r.view === 'broken') throw new Error('no renderer for tally');
      return Buffer.from('GIF89a');
    });
    await pictures.draw(request('g1:table', 'broken'));
    await pictures.draw(request('g2:table', 'gif'));
    expect(await pictures.drawNewest()).toEqual(['tally picture g1:table: no renderer for tally', 'tally picture g2:table: not a PNG']);
  });
});
