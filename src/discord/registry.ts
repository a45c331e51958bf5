import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CommandModule } from './command.ts';

const here = fileURLToPath(import.meta.url);
/** The project's `commands/` folder (`dist/commands/` when running compiled): one module per slash command. */
export const commandsDir = path.resolve(path.dirname(here), '..', '..', 'commands');
/** `.ts` under tsx, `.js` in the compiled build: the extension of this very module. */
const moduleExt = path.extname(here);

/** Loads every command module of `dir` (tests excluded) and checks names are unique. */
export async function loadCommands(dir = commandsDir): Promise<Map<string, CommandModule>> {
  const commands = new Map<string, CommandModule>();
  const files = readdirSync(dir).filter((f) => f.endsWith(moduleExt) && !f.endsWith(`.test${moduleExt}`)).sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { command?: CommandModule };
    if (!mod.command) throw new Error(`commands/${file} does not export \`command\``);
    const name = mod.command.data.name;
    if (commands.has(name)) throw new Error(`commands/${file}: duplicate command name /${name}`);
    commands.set(name, mod.command);
  }
  return commands;
}

/** The JSON bodies Discord's command registration endpoint takes. */
export function commandDefinitions(commands: Map<string, CommandModule>) {
  return [...commands.values()].map((c) => c.data.toJSON());
}
