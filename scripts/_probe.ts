import { measure } from '../src/render/legibility.test-helper.ts';
import { registerRenderers } from '../src/render/games.ts';
import { renderTable, renderSheets } from '../src/render/registry.ts';
import { packLookup } from '../src/render/wiring.ts';
import { adventurePack, comanautsPack, pictureStates } from '../scripts/picture-states.ts';
registerRenderers(packLookup([{ gameType: 'adventure', id: 'salt-lantern', version: adventurePack.version, data: adventurePack }, { gameType: 'comanauts', id: 'training', version: '1', data: comanautsPack }]));
for (const s of pictureStates()) {
  const m = await measure(() => renderTable(s.gameType, s.view, s.locale), 800);
  console.log(s.name, m.smallestPx.toFixed(2), 'texts', m.texts.length);
  for (const x of [...m.overlaps, ...m.overflows, ...m.truncated.map((t) => 'TRUNC ' + t)].slice(0, 15)) console.log('  ', x);
  if (false) {
    const sheets = await renderSheets(s.gameType, s.view, s.locale);
    for (const [i] of sheets.entries()) {
      const mm = await measure(async () => (await renderSheets(s.gameType, s.view, s.locale))[i]!.data, 800);
      for (const x of [...mm.overlaps, ...mm.overflows, ...mm.truncated]) console.log('  sheet', x);
    }
  }
}
