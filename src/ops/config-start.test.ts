import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startMode } from './config.ts';

/** Issue 15 "Around the game": a container never comes up as a sandbox because its token was left blank. */
describe('what `turnkeeper start` runs', () => {
  it('GIVEN no TURNKEEPER_SANDBOX (npm start on a fresh machine) WHEN DISCORD_TOKEN is blank THEN the local sandbox', () => {
    expect(startMode(loadConfig({ DISCORD_TOKEN: '' }))).toEqual({ kind: 'sandbox' });
    expect(startMode(loadConfig({}))).toEqual({ kind: 'sandbox' });
  });

  it('GIVEN a token THEN Discord, whether TURNKEEPER_SANDBOX is unset, auto or false', () => {
    const token = 'x'.repeat(30);
    for (const sandbox of [undefined, 'auto', 'false']) {
      expect(startMode(loadConfig({ DISCORD_TOKEN: token, ...(sandbox ? { TURNKEEPER_SANDBOX: sandbox } : {}) }))).toEqual({ kind: 'discord', token });
    }
  });

  it('GIVEN TURNKEEPER_SANDBOX=false (the Docker image) WHEN DISCORD_TOKEN is blank or only spaces THEN a configuration error that names DISCORD_TOKEN and the way to the sandbox', () => {
    for (const blank of ['', '   ', undefined]) {
      const config = loadConfig({ TURNKEEPER_SANDBOX: 'false', ...(blank === undefined ? {} : { DISCORD_TOKEN: blank }) });
      expect(() => startMode(config)).toThrow(ConfigError);
      expect(() => startMode(config)).toThrow(/^Configuration error: DISCORD_TOKEN is not set.*TURNKEEPER_SANDBOX=true/);
    }
  });

  it('GIVEN TURNKEEPER_SANDBOX=true THEN the sandbox is asked for explicitly, token or not', () => {
    expect(startMode(loadConfig({ TURNKEEPER_SANDBOX: 'true' }))).toEqual({ kind: 'sandbox' });
    expect(startMode(loadConfig({ TURNKEEPER_SANDBOX: 'yes', DISCORD_TOKEN: 'y'.repeat(30) }))).toEqual({ kind: 'sandbox' });
  });

  it('GIVEN TURNKEEPER_SANDBOX=maybe THEN loading the configuration names the variable', () => {
    expect(() => loadConfig({ TURNKEEPER_SANDBOX: 'maybe' })).toThrow(/TURNKEEPER_SANDBOX is invalid \(got "maybe"\)/);
  });
});

/** Issue 19: the start-up bench runs the real `turnkeeper start` against the local Discord through DISCORD_API_URL. */
describe('DISCORD_API_URL, the REST API base', () => {
  it('GIVEN an http:// base (a local Discord or nirn-proxy) THEN it is kept as given; unset or blank means Discord\'s own', () => {
    expect(loadConfig({ DISCORD_API_URL: 'http://127.0.0.1:8080/api' }).DISCORD_API_URL).toBe('http://127.0.0.1:8080/api');
    expect(loadConfig({ DISCORD_API_URL: 'https://proxy.example/api' }).DISCORD_API_URL).toBe('https://proxy.example/api');
    expect(loadConfig({}).DISCORD_API_URL).toBeUndefined();
    expect(loadConfig({ DISCORD_API_URL: ' ' }).DISCORD_API_URL).toBeUndefined();
  });

  it('GIVEN something other than an http(s) URL THEN loading the configuration names DISCORD_API_URL and what it expects', () => {
    for (const bad of ['ftp://127.0.0.1/api', '127.0.0.1:8080/api', 'javascript:alert(1)']) {
      expect(() => loadConfig({ DISCORD_API_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DISCORD_API_URL: bad })).toThrow(`DISCORD_API_URL is invalid (got ${JSON.stringify(bad)}): an http:// or https:// URL`);
    }
  });
});
