import { Client, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { dropBlankShardVariables } from './bot.ts';

const saved = { SHARDS: process.env.SHARDS, SHARD_COUNT: process.env.SHARD_COUNT };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Issue 19 start-up: `cp .env.example .env` with docker compose's env_file leaves `SHARD_COUNT=` blank in the environment. */
describe('blank shard variables in the environment', () => {
  it('GIVEN SHARD_COUNT="" in the environment THEN discord.js alone refuses to make a client (the failure this guards against)', () => {
    process.env.SHARD_COUNT = '';
    expect(() => new Client({ intents: [GatewayIntentBits.Guilds], shards: 'auto' })).toThrow(/shardCount/);
  });

  it('GIVEN SHARDS and SHARD_COUNT blank WHEN dropped THEN the client is made, for SHARDS=auto and for one shard', () => {
    const env: NodeJS.ProcessEnv = { SHARDS: ' ', SHARD_COUNT: '', OTHER: '' };
    dropBlankShardVariables(env);
    expect(env).toEqual({ OTHER: '' });
    process.env.SHARDS = '';
    process.env.SHARD_COUNT = '';
    dropBlankShardVariables();
    expect('SHARD_COUNT' in process.env).toBe(false);
    expect(new Client({ intents: [GatewayIntentBits.Guilds], shards: 'auto' }).options.shardCount).toBe(1);
    expect(new Client({ intents: [GatewayIntentBits.Guilds], shards: [0], shardCount: 1 }).options.shards).toEqual([0]);
  });

  it('GIVEN SHARD_COUNT=2 (set, not blank) THEN it is left for discord.js as before', () => {
    const env: NodeJS.ProcessEnv = { SHARD_COUNT: '2', SHARDS: 'auto' };
    dropBlankShardVariables(env);
    expect(env).toEqual({ SHARD_COUNT: '2', SHARDS: 'auto' });
  });
});
