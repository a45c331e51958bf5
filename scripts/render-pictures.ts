/**
 * Developer helper: draws each seeded table state (scripts/picture-states.ts) the way a turn posts it (the
 * table with its sheets folded under it) and saves it scaled to Discord's preview width.
 * Run `npx tsx scripts/render-pictures.ts docs/pictures/after [width]` (default width 550).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from 'canvas';
import { registerRenderers } from '../src/render/games.ts';
import { renderPicture } from '../src/render/registry.ts';
import { heldPacks, holdPacks } from '../src/render/wiring.ts';
import { adventurePack, comanautsPack, pictureStates } from './picture-states.ts';

const out = process.argv[2] ?? '/tmp/pictures';
const width = Number(process.argv[3] ?? 550);
await mkdir(out, { recursive: true });
holdPacks([
  { gameType: 'adventure', id: 'salt-lantern', version: adventurePack.version, hash: 'script-adventure', data: adventurePack },
  { gameType: 'comanauts', id: 'training', version: '1', hash: 'script-comanauts', data: comanautsPack },
]);
registerRenderers(heldPacks);
for (const state of pictureStates()) {
  const full = await renderPicture(state.gameType, state.view, state.locale);
  const image = await loadImage(full);
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.quality = 'best';
  ctx.drawImage(image, 0, 0, width, height);
  await writeFile(join(out, `${state.name}.png`), canvas.toBuffer('image/png'));
  console.log(`${state.name}: ${image.width}×${image.height} → ${width}×${height} (${state.note})`);
}
