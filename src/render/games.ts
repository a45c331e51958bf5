/*
 * The table pictures of each game, with the pack's texts and the interface strings in the reader's
 * language. Loaded by the render host in the thread that draws (the render worker by default).
 */
import { hasText, pickLanguage, t } from '../i18n/index.ts';
import { adventureText, register as registerAdventure } from '../games/adventure/render.ts';
import { register as registerComanauts } from '../games/comanauts/render.ts';
import { packText as comanautsPackText, type ComanautsPack } from '../games/comanauts/content.ts';
import { register as registerComaWard } from '../games/comaward/render.ts';
import type { ComaWardPack } from '../games/comaward/index.ts';
import type { LifeformPack } from '../games/lifeform/content.ts';
import { register as registerLifeform } from '../games/lifeform/render.ts';
import type { PackLookup } from './wiring.ts';

export function registerRenderers(packs: PackLookup): void {
  registerComanauts(
    (code, lang) => (hasText(code) ? t(pickLanguage(lang), code) : undefined),
    (view, key, lang, packHash) => {
      const pack = packs('comanauts', view.packId, view.packVersion, packHash)?.data as ComanautsPack | undefined;
      return pack ? comanautsPackText(pack, key, lang) : undefined;
    },
  );
  registerComaWard(
    (view, packHash) => packs('comaward', view.packId, view.packVersion, packHash)?.data as ComaWardPack | undefined,
    (code, lang, params) => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined),
  );
  registerAdventure((view, packHash) => {
    const pack = packs('adventure', view.packId, view.packVersion, packHash);
    if (!pack) return undefined;
    return adventureText(pack.data as Parameters<typeof adventureText>[0], (code, lang, params) => t(pickLanguage(lang), code, params));
  });
  registerLifeform(
    (packId) => packs('lifeform', packId)?.data as LifeformPack | undefined,
    (code, lang, params) => (hasText(code) ? t(pickLanguage(lang), code, params) : undefined),
  );
}
