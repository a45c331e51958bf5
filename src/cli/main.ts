import { readFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../ops/config.ts';

const USAGE = `turnkeeper <command>

  start                          run the bot (local sandbox when DISCORD_TOKEN is unset)
  migrate                        apply prisma/migrations to DATABASE_URL, or to the embedded database in DATA_DIR
  commands deploy [--guild ID]   register the slash commands with Discord (globally, or in one guild)
  pack validate <dir> [--json]   check a content pack; errors name the file and the path inside it
  game export <id>               print a game as one JSON document (seed, pack, rules version, log)
  game import <file>             import such a document as a new game
  game verify <id|file>          replay a game and report the first command whose hash diverges
  transcript <file...> [--json]  play transcript files against a fresh local stack
`;

/** Runs one CLI command and returns the process exit code. Errors are printed, never thrown. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start': {
        const { start } = await import('./start.ts');
        return await start(loadConfig());
      }
      case 'migrate': {
        const config = loadConfig();
        const { migrate } = await import('../store/migrate.ts');
        const result = await migrate({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
        console.log(result.applied.length ? `applied: ${result.applied.join(', ')}` : 'database is up to date');
        return 0;
      }
      case 'commands': {
        if (rest[0] !== 'deploy') break;
        const { deployCommands } = await import('./deploy.ts');
        const guildAt = rest.indexOf('--guild');
        return await deployCommands(loadConfig(), guildAt >= 0 ? rest[guildAt + 1] : undefined);
      }
      case 'pack': {
        if (rest[0] !== 'validate' || !rest[1]) break;
        const { validatePackCli } = await import('../content/index.ts');
        const { gameModules } = await import('../games/index.ts');
        const schemaFor = (gameType: string) => (Object.hasOwn(gameModules, gameType) ? gameModules[gameType]?.packSchema : undefined);
        const { exitCode, output } = await validatePackCli(rest[1], { json: rest.includes('--json'), schemaFor });
        console.log(output);
        return exitCode;
      }
      case 'game': {
        const { gameCli } = await import('./game.ts');
        return await gameCli(loadConfig(), rest, (file) => readFile(file, 'utf8'));
      }
      case 'transcript': {
        const files = rest.filter((a) => !a.startsWith('--'));
        if (files.length === 0) break;
        const { transcriptCli } = await import('./transcript.ts');
        return await transcriptCli(files, { json: rest.includes('--json') });
      }
      case undefined:
      case 'help':
      case '--help':
        console.log(USAGE);
        return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (/Can't reach database server|ECONNREFUSED|ENOTFOUND|password authentication failed|does not exist/i.test(message)) {
      console.error(`Cannot use the database named by DATABASE_URL: ${message.split('\n')[0]}`);
      return 69;
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  }
}
