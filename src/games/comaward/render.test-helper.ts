import { clearLayerCache, startTextProbe, stopTextProbe } from '../../render/index.ts';
import type { ComaWardPack } from './content.ts';
import { renderComaWard, type ComaWardUi } from './render.ts';

/** Every line of text the picture draws, with its box in layout units (layers included). */
export interface Drawn {
  readonly text: string;
  readonly size: number;
  readonly box: { x: number; y: number; w: number; h: number };
}

/**
 * Draws the picture with an empty layer cache under the draw layer's text probe (src/render draw-text.ts),
 * one entry per line drawn. The probe, not canvas `fillText`, because labels are copied from the
 * text-run cache once drawn (src/render/text-runs.ts).
 */
export async function drawnTexts(view: unknown, locale: string, pack: ComaWardPack, ui: ComaWardUi): Promise<{ png: Buffer; texts: Drawn[] }> {
  clearLayerCache();
  const probe = startTextProbe();
  let png: Buffer;
  try {
    png = await renderComaWard(view, locale, pack, ui);
  } finally {
    stopTextProbe();
  }
  const texts = probe.texts.flatMap((t) => t.text.split('\n').map((line, i) => ({ text: line, size: t.size, box: t.lines[i] ?? t.rect })));
  return { png, texts };
}
