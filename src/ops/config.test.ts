import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('GIVEN an empty environment WHEN loaded THEN every default applies (local sandbox, embedded database)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ DATA_DIR: './data', PORT: 8080, HEALTH_PORT: 9464, SHARDS: 'auto', MIGRATE_ON_START: true, ALLOW_SEED: false, DEFAULT_LOCALE: 'en' });
    expect(config.DISCORD_TOKEN).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('GIVEN a bad value WHEN loaded THEN the error names the variable and what it got', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT is invalid \(got "eighty"\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL .*postgresql:\/\//);
    expect(() => loadConfig({ ALLOW_SEED: 'maybe' })).toThrow(/ALLOW_SEED/);
  });

  it('GIVEN the community limits WHEN unset or given THEN defaults apply, and a bad one is named (issue 14)', () => {
    expect(loadConfig({})).toMatchObject({ LOBBIES_PER_USER: 3, LOBBIES_PER_GUILD: 25, GAMES_PER_GUILD: 500, AUTOCOMPLETE_PER_MINUTE: 120 });
    expect(loadConfig({ LOBBIES_PER_USER: '1', GAMES_PER_GUILD: '10' })).toMatchObject({ LOBBIES_PER_USER: 1, GAMES_PER_GUILD: 10 });
    expect(() => loadConfig({ LOBBIES_PER_GUILD: '0' })).toThrow(/LOBBIES_PER_GUILD is invalid \(got "0"\)/);
    expect(() => loadConfig({ AUTOCOMPLETE_PER_MINUTE: 'lots' })).toThrow(/AUTOCOMPLETE_PER_MINUTE/);
  });

  it('GIVEN blank variables (an .env with empty lines) WHEN loaded THEN they count as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '  ' }).REDIS_URL).toBeUndefined();
  });
});

describe('PostgreSQL limits (issue 19)', () => {
  it('GIVEN no limits WHEN loaded THEN connect, pool-acquire and statement timeouts have bounded defaults; a bad one is named', async () => {
    const { databaseTimeouts } = await import('./config.ts');
    expect(databaseTimeouts(loadConfig({}))).toEqual({ connectMs: 5_000, acquireMs: 5_000, statementMs: 10_000 });
    expect(databaseTimeouts(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2500' })).statementMs).toBe(2_500);
    expect(() => loadConfig({ DATABASE_POOL_TIMEOUT_MS: '0' })).toThrow(/DATABASE_POOL_TIMEOUT_MS is invalid/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'forever' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
  });
});
