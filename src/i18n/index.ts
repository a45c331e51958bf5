import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type Resource } from 'i18next';
import { fromRoot } from '../ops/paths.ts';

/** The languages every user-facing string exists in. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const localesDir = fromRoot('src', 'i18n', 'locales');

/** Reads `locales/<lang>/<namespace>.json` for every language: the one place strings live. */
export function readLocaleResources(dir = localesDir): Record<string, Record<string, unknown>> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lang of LANGUAGES) {
    const bundle: Record<string, unknown> = {};
    for (const file of readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json')).sort()) {
      bundle[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8'));
    }
    resources[lang] = bundle;
  }
  return resources;
}

let instance: i18n | undefined;

function translator(): i18n {
  if (instance) return instance;
  const resources = readLocaleResources();
  const created = i18next.createInstance();
  void created.init({
    resources: resources as Resource,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  instance = created;
  return created;
}

/**
 * Picks the language: the user's interaction locale, then the guild's setting, then English.
 * Discord sends locales such as `es-ES`, `es-419` or `en-US`.
 */
export function pickLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    if (base && (LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}

/**
 * Text for a stable code such as `core.undo.barrier` or `comanauts.move.solidWhiteLine`: the first
 * segment is the namespace (file), the rest the key. An unknown code falls back to English, then to
 * the code itself, so a missing string is visible but never crashes.
 */
export function t(lang: Language, code: string, params: Readonly<Record<string, unknown>> = {}): string {
  const dot = code.indexOf('.');
  const ns = dot > 0 ? code.slice(0, dot) : 'core';
  const key = dot > 0 ? code.slice(dot + 1) : code;
  const tr = translator();
  return tr.t(key, { ...params, ns, lng: lang, defaultValue: code }) as string;
}

/** Adds a namespace at run time (test-only games bring their own strings). */
export function addNamespace(ns: string, bundles: Readonly<Record<Language, Record<string, unknown>>>): void {
  const tr = translator();
  for (const lang of LANGUAGES) tr.addResourceBundle(lang, ns, bundles[lang], true, true);
}

/** True when a code has text (in English at least), plural forms included. */
export function hasText(code: string): boolean {
  const dot = code.indexOf('.');
  const options = { ns: code.slice(0, dot), lng: 'en' };
  return translator().exists(code.slice(dot + 1), options) || translator().exists(`${code.slice(dot + 1)}_other`, options);
}

/**
 * Discord localization map for command names and descriptions (@discordjs/builders
 * `setNameLocalizations` / `setDescriptionLocalizations`): Spanish for both Spanish locales Discord knows.
 * @see https://discord.com/developers/docs/reference#locales
 */
export function discordLocalizations(code: string, params: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const es = t('es', code, params);
  return { 'es-ES': es, 'es-419': es };
}

/** English text and Spanish localizations of a command description, for @discordjs/builders. */
export function described<T extends { setDescription(d: string): T; setDescriptionLocalizations(l: Record<string, string>): T }>(builder: T, code: string): T {
  return builder.setDescription(t('en', code).slice(0, 100)).setDescriptionLocalizations(
    Object.fromEntries(Object.entries(discordLocalizations(code)).map(([k, v]) => [k, v.slice(0, 100)])),
  );
}
