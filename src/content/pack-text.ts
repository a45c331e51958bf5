/**
 * A pack's text by key, for games whose packs write texts inline as `{ en: "…", es: "…" }`. The key walks
 * the pack from `root`: an object's segment is its property (or, for a singular name, its plural one as
 * `plurals` says: `item` → `items`), a list's segment is the id of an element (or its index). The text
 * at the end is read in `lang` (`es-ES` → `es`), English when that language is missing. Undefined for
 * anything else: a key that leads nowhere, or to something that is not a text.
 */
export function walkPackText(root: unknown, key: string, lang: string, plurals: Readonly<Record<string, string>>): string | undefined {
  let node: unknown = root;
  for (const seg of key.split('.')) {
    if (Array.isArray(node)) {
      node = node.find((x: unknown) => (x as { id?: unknown } | null)?.id === seg) ?? (/^\d+$/.test(seg) ? node[Number(seg)] : undefined);
    } else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (Object.hasOwn(o, seg)) node = o[seg];
      else if (Object.hasOwn(plurals, seg) && Object.hasOwn(o, plurals[seg] as string)) node = o[plurals[seg] as string];
      else return undefined;
    } else return undefined;
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const text = node as Record<string, unknown>;
  const chosen = text[lang.toLowerCase().split('-')[0] ?? 'en'] ?? text['en'];
  return typeof chosen === 'string' ? chosen : undefined;
}
