import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  DISCORD_TOKEN: z.string().min(20).optional(),
  DISCORD_APPLICATION_ID: z.string().regex(/^\d{17,20}$/, 'a Discord application id (17 to 20 digits)').optional(),
  DEV_GUILD_ID: z.string().regex(/^\d{17,20}$/, 'a Discord guild id (17 to 20 digits)').optional(),
  /** The REST API base, for a REST proxy (nirn-proxy) or a local Discord; unset: Discord's own. */
  DISCORD_API_URL: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional(),
  SHARDS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(1024)]).default('auto'),
  SHARD_IDS: z
    .string()
    .regex(/^\d{1,4}(,\d{1,4})*$/, 'a comma-separated list of shard ids, e.g. 0 or 2,3')
    .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => a - b))
    .optional(),
  SHARD_COUNT: z.coerce.number().int().min(1).max(1024).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'a postgresql:// connection string').optional(),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'a redis:// URL').optional(),
  PORT: port.default(8080),
  HEALTH_PORT: port.default(9464),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MIGRATE_ON_START: bool.default(true),
  ALLOW_SEED: bool.default(false),
  DEFAULT_LOCALE: z.enum(['en', 'es']).default('en'),
  /** Where this install's source is published (a repository's file view ending in `/`): `/help` links each game's rules there. */
  RULES_URL: z.url({ protocol: /^https$/ }).regex(/\/$/, 'an https:// URL ending in /').optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  AUTOCOMPLETE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(120),
  LOBBIES_PER_USER: z.coerce.number().int().min(1).max(1_000).default(3),
  LOBBIES_PER_GUILD: z.coerce.number().int().min(1).max(100_000).default(25),
  GAMES_PER_GUILD: z.coerce.number().int().min(1).max(1_000_000).default(500),
  GAME_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  RENDER_THREAD: z.enum(['worker', 'inline']).default('worker'),
  TURNKEEPER_SANDBOX: z.union([z.literal('auto'), bool]).default('auto'),
});

/**
 * Which gateway shards this process runs: `auto`, all of `n`, or some of them (`SHARD_IDS` of
 * `SHARD_COUNT`), so several processes split one bot.
 * @see https://discord.com/developers/docs/events/gateway#sharding
 */
export type ShardSetting = 'auto' | number | { readonly ids: readonly number[]; readonly count: number };

/** Validated configuration, read once at start-up from the environment. */
export type Config = Omit<z.infer<typeof schema>, 'SHARDS' | 'SHARD_IDS' | 'SHARD_COUNT'> & { readonly SHARDS: ShardSetting };

/** Thrown for a bad variable; its message names the variable and what was expected. */
export class ConfigError extends Error {
  constructor(readonly variable: string, expected: string) {
    super(`Configuration error: ${variable} ${expected}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the configuration once. Empty strings count as unset, so a blank line in `.env`
 * means "use the default"; a present but invalid value is refused with the variable's name.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, `is invalid (got ${JSON.stringify(input[variable] ?? '')}): ${issue?.message ?? 'invalid value'}`);
  }
  const { SHARD_IDS: ids, SHARD_COUNT: count, ...rest } = parsed.data;
  return { ...rest, SHARDS: shardSetting(rest.SHARDS, ids, count) };
}

function shardSetting(shards: 'auto' | number, ids: number[] | undefined, count: number | undefined): ShardSetting {
  if (ids === undefined) {
    if (count !== undefined) throw new ConfigError('SHARD_COUNT', 'needs SHARD_IDS (the shards this process runs)');
    return shards;
  }
  const total = count ?? (shards === 'auto' ? undefined : shards);
  if (total === undefined) throw new ConfigError('SHARD_IDS', 'needs SHARD_COUNT (the shards of the whole bot)');
  const outside = ids.find((id) => id >= total);
  if (outside !== undefined) throw new ConfigError('SHARD_IDS', `holds ${outside}, but shard ids run from 0 to ${total - 1} (SHARD_COUNT=${total})`);
  return { ids, count: total };
}

/** What `turnkeeper start` runs: the bot on Discord with its token, or the local sandbox. */
export type StartMode = { readonly kind: 'discord'; readonly token: string } | { readonly kind: 'sandbox' };

/**
 * Decides between Discord and the local sandbox. `TURNKEEPER_SANDBOX=auto` (the default for `npm start`)
 * opens the sandbox exactly when DISCORD_TOKEN is unset; `false` (the Docker image) makes a blank token a
 * configuration error, so a container never comes up as a sandbox by mistake; `true` always opens it.
 */
export function startMode(config: Pick<Config, 'DISCORD_TOKEN' | 'TURNKEEPER_SANDBOX'>): StartMode {
  if (config.TURNKEEPER_SANDBOX === true) return { kind: 'sandbox' };
  if (config.DISCORD_TOKEN) return { kind: 'discord', token: config.DISCORD_TOKEN };
  if (config.TURNKEEPER_SANDBOX === false) {
    throw new ConfigError('DISCORD_TOKEN', 'is not set, and TURNKEEPER_SANDBOX=false (as in the Docker image) runs the bot on Discord only: put the bot token in DISCORD_TOKEN (.env), or set TURNKEEPER_SANDBOX=true for the local sandbox');
  }
  return { kind: 'sandbox' };
}

/** The PostgreSQL limits of `DATABASE_*_TIMEOUT_MS`, as `openDatabase` takes them. */
export function databaseTimeouts(config: Pick<Config, 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_POOL_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS'>): { connectMs: number; acquireMs: number; statementMs: number } {
  return { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, acquireMs: config.DATABASE_POOL_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS };
}
