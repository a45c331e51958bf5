import { describe, expect, it } from 'vitest';
import { readLocaleResources, t, pickLanguage } from './index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  const resources = readLocaleResources();

  it('GIVEN the English and Spanish locale files WHEN compared THEN every namespace and key exists in both', () => {
    expect(Object.keys(resources.es ?? {}).sort()).toEqual(Object.keys(resources.en ?? {}).sort());
    for (const ns of Object.keys(resources.en ?? {})) {
      expect(keys(resources.es?.[ns]).sort(), `namespace ${ns}`).toEqual(keys(resources.en?.[ns]).sort());
    }
  });

  it('GIVEN a string in both languages WHEN compared THEN both use the same placeholders (a pack text in the reader\'s language counts as one) and a blank is blank in both', () => {
    for (const ns of Object.keys(resources.en ?? {})) {
      for (const key of keys(resources.en?.[ns])) {
        const get = (lang: 'en' | 'es') => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], resources[lang]?.[ns]);
        const en = get('en');
        const es = get('es');
        if (typeof en !== 'string' || typeof es !== 'string') continue;
        expect(en.trim() === '', `${ns}.${key}: blank in one language only`).toBe(es.trim() === '');
        const normalize = (list: string[], lang: string) => list.map((p) => (p === lang ? '<pack text>' : p));
        expect(normalize(placeholders(es), 'es'), `${ns}.${key}`).toEqual(normalize(placeholders(en), 'en'));
      }
    }
  });

  it('GIVEN a code with parameters WHEN translated THEN the namespace, key and parameters are used in each language', () => {
    expect(t('en', 'core.lobby.full', { max: 4 })).toBe('The table is full (4 players).');
    expect(t('es', 'core.lobby.full', { max: 4 })).toBe('La mesa está completa (4 jugadores).');
  });

  it('GIVEN a game starting with one or several players WHEN announced THEN the plural form fits the count in each language', () => {
    expect(t('en', 'core.game.started', { count: 1, players: '<@1>' })).toBe('The game begins with 1 player: <@1>.');
    expect(t('en', 'core.game.started', { count: 2, players: '<@1>, <@2>' })).toBe('The game begins with 2 players: <@1>, <@2>.');
    expect(t('es', 'core.game.started', { count: 1, players: '<@1>' })).toBe('Empieza la partida con 1 jugador: <@1>.');
    expect(t('es', 'core.game.started', { count: 3, players: '<@1>, <@2>, <@3>' })).toBe('Empieza la partida con 3 jugadores: <@1>, <@2>, <@3>.');
  });

  it('GIVEN a closed lobby WHEN the refusal is translated THEN the game status reads as words of that language, not the stored status', () => {
    expect(t('en', 'core.lobby.closed', { status: 'playing' })).toBe('The lobby is closed: the game is already in play.');
    expect(t('es', 'core.lobby.closed', { status: 'playing' })).toBe('La sala de espera está cerrada: la partida ya está en juego.');
    for (const status of ['lobby', 'playing', 'finished', 'abandoned']) {
      for (const lang of ['en', 'es'] as const) expect(t(lang, 'core.lobby.closed', { status })).not.toMatch(/status\.|\$t\(|\{\{/);
      expect(t('es', 'core.lobby.closed', { status })).not.toContain(status);
    }
  });

  it('GIVEN an unknown code WHEN translated THEN the code itself comes back instead of a crash', () => {
    expect(t('es', 'nowhere.to.be.found')).toBe('nowhere.to.be.found');
  });

  it('GIVEN Discord locales WHEN picking a language THEN the user wins, then the guild, then English', () => {
    expect(pickLanguage('es-419', 'en-US')).toBe('es');
    expect(pickLanguage('fr', 'es-ES')).toBe('es');
    expect(pickLanguage(undefined, 'de')).toBe('en');
  });
});
