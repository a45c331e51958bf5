import type { CommandDefinition, CommandOptionDefinition } from './types.ts';

/** Application command option types. @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type */
export const OptionType = {
  subcommand: 1,
  group: 2,
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  role: 8,
  mentionable: 9,
  number: 10,
  attachment: 11,
} as const;

/** An option as it travels in `INTERACTION_CREATE.data.options`. */
export interface InteractionOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: InteractionOption[];
}

export interface ParsedCommandLine {
  readonly command: CommandDefinition;
  readonly options: InteractionOption[];
  /** User ids named by user/mentionable options, for `data.resolved`. */
  readonly userIds: string[];
  readonly channelIds: string[];
  /** Attachment ids named by attachment options, for `data.resolved.attachments`. */
  readonly attachmentIds: string[];
  /** For autocomplete: the option being typed and its partial value. */
  readonly focused: { readonly name: string; readonly value: string } | null;
}

export interface CommandLineResolvers {
  user(ref: string): string | undefined;
  channel(ref: string): string | undefined;
  /** An attachment sent with the command, by file name (`file:pack.yaml`). */
  attachment?(ref: string): string | undefined;
}

/** A command line a person could not have sent: Discord's client would refuse it before sending. */
export class CommandLineError extends Error {
  override readonly name = 'CommandLineError';
}

interface Token {
  readonly key: string | null;
  readonly value: string;
  /** The value's closing quote is missing (only legal while typing, for autocomplete). */
  readonly open: boolean;
}

/** Splits `/game new game:"The Dungeon" players:2` into words and `key:value` pairs, honouring quotes. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const s = line.trim();
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i] ?? '')) i++;
    if (i >= s.length) break;
    let key: string | null = null;
    const keyMatch = /^([\p{L}\p{N}_-]+):/u.exec(s.slice(i));
    if (keyMatch?.[1] !== undefined) {
      key = keyMatch[1];
      i += keyMatch[0].length;
    }
    let value = '';
    let open = false;
    const quote = s[i];
    if (quote === '"' || quote === "'") {
      const end = s.indexOf(quote, i + 1);
      if (end < 0) {
        value = s.slice(i + 1);
        open = true;
        i = s.length;
      } else {
        value = s.slice(i + 1, end);
        i = end + 1;
      }
    } else {
      const start = i;
      while (i < s.length && !/\s/.test(s[i] ?? '')) i++;
      value = s.slice(start, i);
    }
    tokens.push({ key, value, open });
  }
  return tokens;
}

const isSub = (o: CommandOptionDefinition) => o.type === OptionType.subcommand || o.type === OptionType.group;

/**
 * Turns a typed command line into interaction options, using the registered definitions to find each
 * option's type, as Discord's own client does. `autocomplete` marks the last `key:value` as focused.
 */
export function parseCommandLine(
  line: string,
  commands: readonly CommandDefinition[],
  resolvers: CommandLineResolvers,
  mode: { autocomplete?: boolean } = {},
): ParsedCommandLine {
  const tokens = tokenize(line);
  const head = tokens.shift();
  if (!head || head.key !== null || !head.value.startsWith('/')) throw new CommandLineError(`a command line starts with /name: "${line}"`);
  const name = head.value.slice(1);
  const command = commands.find((c) => c.name === name && (c.type ?? 1) === 1);
  if (!command) throw new CommandLineError(`unknown command /${name} (registered: ${commands.map((c) => '/' + c.name).join(', ') || 'none'})`);

  let defs: CommandOptionDefinition[] = command.options ?? [];
  const path: { name: string; type: number }[] = [];
  while (defs.some(isSub)) {
    const next = tokens[0];
    const sub = next && next.key === null ? defs.find((d) => isSub(d) && d.name === next.value) : undefined;
    if (!sub) {
      const names = defs.filter(isSub).map((d) => d.name).join(', ');
      throw new CommandLineError(`/${[name, ...path.map((p) => p.name)].join(' ')} needs a subcommand (${names})`);
    }
    tokens.shift();
    path.push({ name: sub.name, type: sub.type });
    defs = sub.options ?? [];
  }

  const userIds: string[] = [];
  const channelIds: string[] = [];
  const attachmentIds: string[] = [];
  const leaf: InteractionOption[] = [];
  let focused: ParsedCommandLine['focused'] = null;
  tokens.forEach((token, index) => {
    const where = `/${[name, ...path.map((p) => p.name)].join(' ')}`;
    if (token.key === null) throw new CommandLineError(`${where}: "${token.value}" is not an option; write name:value (options: ${defs.map((d) => d.name).join(', ')})`);
    const def = defs.find((d) => d.name === token.key);
    if (!def) throw new CommandLineError(`${where} has no option "${token.key}" (options: ${defs.map((d) => d.name).join(', ')})`);
    if (leaf.some((o) => o.name === def.name)) throw new CommandLineError(`${where}: option "${def.name}" given twice`);
    const isLast = index === tokens.length - 1;
    if (mode.autocomplete && isLast) {
      focused = { name: def.name, value: token.value };
      leaf.push({ name: def.name, type: def.type, value: token.value, focused: true });
      return;
    }
    if (token.open) throw new CommandLineError(`${where}: unclosed quote in option "${def.name}"`);
    leaf.push(convert(def, token.value, resolvers, { userIds, channelIds, attachmentIds }, where));
  });
  if (!mode.autocomplete) {
    const missing = defs.filter((d) => d.required && !leaf.some((o) => o.name === d.name));
    if (missing.length > 0) throw new CommandLineError(`/${[name, ...path.map((p) => p.name)].join(' ')}: missing required option ${missing.map((m) => m.name).join(', ')}`);
  } else if (!focused) {
    throw new CommandLineError(`autocomplete needs an option being typed (name:partial) in "${line}"`);
  }

  let options: InteractionOption[] = leaf;
  for (const p of [...path].reverse()) options = [{ name: p.name, type: p.type, options }];
  return { command, options, userIds, channelIds, attachmentIds, focused };
}

function convert(
  def: CommandOptionDefinition,
  raw: string,
  resolvers: CommandLineResolvers,
  { userIds, channelIds, attachmentIds }: { userIds: string[]; channelIds: string[]; attachmentIds: string[] },
  where: string,
): InteractionOption {
  const base = { name: def.name, type: def.type };
  const fail = (what: string): never => {
    throw new CommandLineError(`${where}: option "${def.name}" ${what}, got "${raw}"`);
  };
  const choose = (value: string | number) => {
    if (!def.choices || def.choices.length === 0) return value;
    const hit = def.choices.find((c) => c.value === value || c.name.toLowerCase() === String(value).toLowerCase() || String(c.value) === String(value));
    return hit ? hit.value : fail(`must be one of ${def.choices.map((c) => String(c.value)).join(', ')}`);
  };
  switch (def.type) {
    case OptionType.string:
      return { ...base, value: choose(raw) };
    case OptionType.integer: {
      if (!/^-?\d+$/.test(raw)) fail('must be an integer');
      return { ...base, value: choose(Number(raw)) };
    }
    case OptionType.number: {
      const n = Number(raw);
      if (raw === '' || Number.isNaN(n)) fail('must be a number');
      return { ...base, value: choose(n) };
    }
    case OptionType.boolean: {
      const v = raw.toLowerCase();
      if (['true', 'yes', 'y', 'on', 'si', 'sí'].includes(v)) return { ...base, value: true };
      if (['false', 'no', 'n', 'off'].includes(v)) return { ...base, value: false };
      return fail('must be true or false');
    }
    case OptionType.user:
    case OptionType.mentionable: {
      const id = resolvers.user(raw) ?? fail('must name a user (@name)');
      userIds.push(id);
      return { ...base, value: id };
    }
    case OptionType.channel: {
      const id = resolvers.channel(raw) ?? fail('must name a channel (#name)');
      channelIds.push(id);
      return { ...base, value: id };
    }
    case OptionType.role:
      return { ...base, value: raw };
    case OptionType.attachment: {
      const id = resolvers.attachment?.(raw) ?? fail('must name a file sent with the command');
      attachmentIds.push(id);
      return { ...base, value: id };
    }
    default:
      return fail(`has a type (${def.type}) the local Discord cannot type in`);
  }
}
