import { t, type Language } from '../i18n/index.ts';
import type { PackError } from './schema.ts';

/**
 * One pack error in the reader's language: the frame (`content.pack.*`: file, place inside it) with what was
 * expected translated as well, from its code (`expectedCode`); English words without a code are shown as they are.
 */
export function packErrorText(lang: Language, e: PackError): string {
  const expected = e.expectedCode === undefined ? e.expected : t(lang, e.expectedCode, e.expectedParams ?? {});
  return t(lang, e.code, { ...e.params, file: e.file || 'pack', path: e.path || '/', expected });
}
