import { describe, expect, it } from 'vitest';
import { t } from '../src/i18n/index.ts';
import { exportFile } from './game.ts';

describe('/game export', () => {
  it('GIVEN a game whose export fits in 10 MiB WHEN exported THEN it is one JSON file', () => {
    const r = exportFile('adventure-g1.json', { commands: [{ type: 'explore', args: { location: 101 } }] });
    expect(r.ok && JSON.parse(r.value.data.toString('utf8'))).toEqual({ commands: [{ type: 'explore', args: { location: 101 } }] });
  });

  it('GIVEN a game whose export is past Discord’s 10 MiB upload limit WHEN exported THEN it is refused with its size, in English and Spanish', () => {
    const r = exportFile('adventure-g1.json', { log: 'x'.repeat(11 * 1024 * 1024 - 64) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({ code: 'core.game.exportTooLarge', params: { size: 11, max: 10 } });
    expect(t('en', r.error.code, r.error.params)).toContain('11 MiB');
    expect(t('es', r.error.code, r.error.params)).toContain('supera los 10 MiB');
  });
});
