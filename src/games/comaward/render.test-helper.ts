import { clearLayerCache, createSurface, type CanvasRenderingContext2D } from '../../render/index.ts';
import type { ComaWardPack } from './content.ts';
import { renderComaWard, type ComaWardUi } from './render.ts';

/** Every text the picture draws, with its box in picture pixels (canvas text calls, layers included). */
export interface Drawn {
  readonly text: string;
  readonly size: number;
  readonly box: { x: number; y: number; w: number; h: number };
}

export async function drawnTexts(view: unknown, locale: string, pack: ComaWardPack, ui: ComaWardUi): Promise<{ png: Buffer; texts: Drawn[] }> {
  const proto = Object.getPrototypeOf(createSurface(1, 1, { opaque: true }).ctx) as { fillText: (this: CanvasRenderingContext2D, text: string, x: number, y: number) => void };
  const original = proto.fillText;
  const texts: Drawn[] = [];
  proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number) {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 0);
    const w = this.measureText(text).width;
    const left = this.textAlign === 'center' ? x - w / 2 : this.textAlign === 'right' ? x - w : x;
    const top = this.textBaseline === 'middle' ? y - size / 2 : y;
    texts.push({ text, size, box: { x: left, y: top, w, h: size } });
    original.call(this, text, x, y);
  };
  try {
    clearLayerCache();
    return { png: await renderComaWard(view, locale, pack, ui), texts };
  } finally {
    proto.fillText = original;
  }
}

