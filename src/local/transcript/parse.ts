import { PERMISSION_BITS, type PermissionName } from '../discord/permissions.ts';

/** Where a step came from, for failures that point at the transcript line. */
export interface StepOrigin {
  readonly file: string;
  readonly line: number;
  readonly source: string;
}

/** A text pattern: a regular expression (`/…/i`) or a plain substring (`"…"`). */
export type TextPattern = { readonly regex: RegExp } | { readonly substring: string };

export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | '~';

export type Step = StepOrigin &
  (
    | { readonly kind: 'slash'; readonly user: string; readonly command: string }
    | { readonly kind: 'click'; readonly user: string; readonly label: string }
    | { readonly kind: 'select'; readonly user: string; readonly menu: string; readonly options: readonly string[] }
    | { readonly kind: 'thread'; readonly target: 'latest' | { readonly name: string } }
    | { readonly kind: 'channel'; readonly name: string }
    | { readonly kind: 'state'; readonly user: string | null }
    | { readonly kind: 'advance'; readonly ms: number }
    | { readonly kind: 'dm'; readonly user: string; readonly accept: boolean }
    | { readonly kind: 'locale'; readonly user: string; readonly locale: string }
    | { readonly kind: 'bot'; readonly allow: boolean; readonly permission: PermissionName }
    | { readonly kind: 'forums'; readonly allow: boolean }
    | { readonly kind: 'expect'; readonly expect: Expectation }
  );

export type Expectation =
  | { readonly what: 'public'; readonly pattern: TextPattern }
  | { readonly what: 'ephemeral' | 'dm'; readonly user: string; readonly pattern: TextPattern }
  | { readonly what: 'image' }
  | { readonly what: 'archived'; readonly archived: boolean }
  | { readonly what: 'none'; readonly of: 'public' }
  | { readonly what: 'none'; readonly of: 'ephemeral' | 'dm'; readonly user: string }
  | { readonly what: 'state'; readonly path: readonly (string | number)[]; readonly pathText: string; readonly op: CompareOp; readonly value: unknown };

/** A transcript line that does not parse; the message names the file and line. */
export class TranscriptSyntaxError extends Error {
  override readonly name = 'TranscriptSyntaxError';
  constructor(readonly file: string, readonly line: number, reason: string, source: string) {
    super(`${file}:${line}: ${reason}\n  ${source}`);
  }
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `25h`, `90m`, `1d12h`, `1500ms` → milliseconds. */
export function parseDuration(text: string): number | null {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return parts.reduce((sum, p) => sum + Number(p[1]) * (DURATION_UNITS[p[2] ?? ''] ?? 0), 0);
}

const TIME_TOKEN = /\{now(?:\+([^}]*))?\}/g;

/**
 * Writes `{now}` and `{now+<duration>}` in a command as ISO 8601 instants of the stack's clock (for
 * options that take a date, such as `/away until:{now+3d}`), since that clock starts on the day the
 * transcript runs. Throws on a duration {@link parseDuration} cannot read.
 */
export function expandTimes(command: string, now: number): string {
  return command.replace(TIME_TOKEN, (token, duration: string | undefined) => {
    const ms = duration === undefined ? 0 : parseDuration(duration);
    if (ms === null) throw new Error(`bad time "${token}": write {now} or {now+<duration>} such as {now+3d}`);
    return new Date(now + ms).toISOString();
  });
}

/** Removes a trailing `# comment` (a `#` standing alone, outside quotes and regular expressions). */
export function stripComment(line: string): string {
  let quote: string | null = null;
  let regex = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (regex) {
      if (c === '/') regex = false;
      continue;
    }
    if (c === '"') quote = c;
    else if (c === '/' && /~\s*$/.test(line.slice(0, i))) regex = true;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? '')) && (i + 1 === line.length || /\s/.test(line[i + 1] ?? ''))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line.trimEnd();
}

/** Reads `"a \"b\""` words; returns the strings and whatever is left unparsed. */
function quotedList(text: string): { values: string[]; rest: string } {
  const values: string[] = [];
  let rest = text.trim();
  for (;;) {
    const m = /^"((?:[^"\\]|\\.)*)"\s*/.exec(rest);
    if (!m) break;
    values.push((m[1] ?? '').replace(/\\(.)/g, '$1'));
    rest = rest.slice(m[0].length);
  }
  return { values, rest };
}

function parsePattern(text: string): TextPattern | null {
  const t = text.trim();
  const re = /^\/(.*)\/([dgimsuy]*)$/.exec(t);
  if (re) {
    try {
      return { regex: new RegExp(re[1] ?? '', (re[2] ?? '').replace('g', '')) };
    } catch {
      return null;
    }
  }
  const q = quotedList(t);
  if (q.values.length === 1 && q.rest === '') return { substring: q.values[0] ?? '' };
  return null;
}

function parseUser(word: string | undefined): string | null {
  return word && /^@[\p{L}\p{N}_.-]+$/u.test(word) ? word.slice(1) : null;
}

/** `.situation`, `.seats[1].hand`, `.` → path segments. */
export function parsePath(text: string): (string | number)[] | null {
  if (text === '.') return [];
  if (!text.startsWith('.') && !text.startsWith('[')) return null;
  const segments: (string | number)[] = [];
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/gy;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    segments.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3] ?? '')));
    at = re.lastIndex;
  }
  return segments;
}

function parseExpectation(body: string): Expectation | string {
  const words = body.split(/\s+/);
  const head = words[0];
  if (head === 'image' && words.length === 1) return { what: 'image' };
  if ((head === 'archived' || head === 'unarchived') && words.length === 1) return { what: 'archived', archived: head === 'archived' };
  if (head === 'no') {
    const of = words[1];
    if (of === 'public' && words.length === 2) return { what: 'none', of };
    if ((of === 'dm' || of === 'ephemeral') && words.length === 3) {
      const user = parseUser(words[2]);
      return user ? { what: 'none', of, user } : `"? no ${of}" needs a user: ? no ${of} @name`;
    }
    return 'expected "? no public", "? no dm @name" or "? no ephemeral @name"';
  }
  if (head === 'public' || head === 'ephemeral' || head === 'dm') {
    let rest = body.slice(head.length).trim();
    let user: string | null = null;
    if (head !== 'public') {
      const first = rest.split(/\s+/)[0];
      user = parseUser(first);
      if (!user) return `"? ${head}" needs a user: ? ${head} @name ~ /pattern/`;
      rest = rest.slice((first ?? '').length).trim();
    }
    if (!rest.startsWith('~')) return `expected "~ /pattern/" or ~ "text" after "? ${head}${user ? ' @' + user : ''}"`;
    const pattern = parsePattern(rest.slice(1));
    if (!pattern) return `bad pattern "${rest.slice(1).trim()}": write /regex/flags or "text"`;
    return head === 'public' ? { what: 'public', pattern } : { what: head, user: user ?? '', pattern };
  }
  if (head === 'state') {
    const m = /^state\s+(\S+)\s*(==|!=|<=|>=|<|>|~)\s*(.+)$/.exec(body);
    if (!m) return 'expected "? state .path <op> value" with op one of == != < > <= >= ~';
    const path = parsePath(m[1] ?? '');
    if (!path) return `bad state path "${m[1]}": write .field, .list[0] or .["odd key"]`;
    const op = m[2] as CompareOp;
    const raw = (m[3] ?? '').trim();
    if (op === '~') {
      const pattern = parsePattern(raw);
      if (!pattern) return `bad pattern "${raw}": write /regex/flags or "text"`;
      return { what: 'state', path, pathText: m[1] ?? '', op, value: pattern };
    }
    try {
      return { what: 'state', path, pathText: m[1] ?? '', op, value: JSON.parse(raw) as unknown };
    } catch {
      return `bad value ${raw}: write JSON ("text", 3, true, null, [1,2])`;
    }
  }
  return `unknown expectation "? ${head}" (public, ephemeral, dm, image, archived, unarchived, no, state)`;
}

/**
 * Parses a transcript: one step per line, `#` comments, `@user` actions, `!` directives and `?`
 * expectations (format in docs of the local Discord issue). Throws {@link TranscriptSyntaxError}.
 */
export function parseTranscript(text: string, file: string): Step[] {
  const steps: Step[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = index + 1;
    const source = stripComment(rawLine).trim();
    if (source === '') return;
    const origin = { file, line, source };
    const fail = (reason: string): never => {
      throw new TranscriptSyntaxError(file, line, reason, rawLine.trim());
    };
    if (source.startsWith('@')) {
      const m = /^@([\p{L}\p{N}_.-]+)\s+(.*)$/u.exec(source);
      if (!m) return fail('expected "@user /command …", "@user click \\"Label\\"" or "@user select \\"Menu\\" \\"Option\\""');
      const user = m[1] ?? '';
      const action = (m[2] ?? '').trim();
      if (action.startsWith('/')) {
        if (!/^\/[\p{L}\p{N}_-]+/u.test(action)) fail(`bad command "${action}"`);
        try {
          expandTimes(action, 0);
        } catch (error) {
          fail((error as Error).message);
        }
        steps.push({ ...origin, kind: 'slash', user, command: action });
        return;
      }
      const verb = /^(click|select)\s+(.*)$/.exec(action);
      if (!verb) return fail(`unknown action "${action.split(/\s+/)[0]}" (a /command, click or select)`);
      const { values, rest } = quotedList(verb[2] ?? '');
      if (rest !== '') fail(`unexpected "${rest}": labels are written in double quotes`);
      if (verb[1] === 'click') {
        if (values.length !== 1) fail('click takes one quoted button label: click "Start"');
        steps.push({ ...origin, kind: 'click', user, label: values[0] ?? '' });
      } else {
        if (values.length < 2) fail('select takes the menu and at least one option: select "Move" "Red"');
        steps.push({ ...origin, kind: 'select', user, menu: values[0] ?? '', options: values.slice(1) });
      }
      return;
    }
    if (source.startsWith('!')) {
      const [directive, ...args] = source.slice(1).split(/\s+/);
      switch (directive) {
        case 'thread':
          if (args.length < 1 || !args[0]) fail('expected "!thread latest" or "!thread <name>"');
          steps.push({ ...origin, kind: 'thread', target: args.length === 1 && args[0] === 'latest' ? 'latest' : { name: args.join(' ') } });
          return;
        case 'channel':
          if (args.length !== 1) fail('expected "!channel <name>"');
          steps.push({ ...origin, kind: 'channel', name: (args[0] ?? '').replace(/^#/, '') });
          return;
        case 'state': {
          if (args.length > 1) fail('expected "!state" or "!state @user"');
          const user = args.length === 0 ? null : parseUser(args[0]);
          if (args.length === 1 && !user) fail('expected "!state @user"');
          steps.push({ ...origin, kind: 'state', user });
          return;
        }
        case 'advance': {
          const ms = args.length === 1 ? parseDuration(args[0] ?? '') : null;
          if (ms === null) return fail('expected "!advance <duration>" such as 25h, 90m, 1d12h');
          steps.push({ ...origin, kind: 'advance', ms });
          return;
        }
        case 'dm': {
          const user = parseUser(args[0]);
          if (!user || args.length !== 2 || (args[1] !== 'on' && args[1] !== 'off')) fail('expected "!dm @user on" or "!dm @user off"');
          steps.push({ ...origin, kind: 'dm', user: user ?? '', accept: args[1] === 'on' });
          return;
        }
        case 'locale': {
          const user = parseUser(args[0]);
          if (!user || args.length !== 2 || !/^[a-z]{2}(-[A-Za-z0-9]{2,3})?$/.test(args[1] ?? '')) fail('expected "!locale @user <Discord locale>" such as es-ES');
          steps.push({ ...origin, kind: 'locale', user: user ?? '', locale: args[1] ?? '' });
          return;
        }
        case 'bot': {
          const permission = args[1] ?? '';
          if (args.length !== 2 || (args[0] !== 'allow' && args[0] !== 'deny') || !Object.hasOwn(PERMISSION_BITS, permission)) {
            fail(`expected "!bot allow|deny <permission>" with one of ${Object.keys(PERMISSION_BITS).join(', ')}`);
          }
          steps.push({ ...origin, kind: 'bot', allow: args[0] === 'allow', permission: permission as PermissionName });
          return;
        }
        case 'forums':
          if (args.length !== 1 || (args[0] !== 'on' && args[0] !== 'off')) fail('expected "!forums on" or "!forums off"');
          steps.push({ ...origin, kind: 'forums', allow: args[0] === 'on' });
          return;
        default:
          return fail(`unknown directive "!${directive}" (thread, channel, state, advance, dm, locale, bot, forums)`);
      }
    }
    if (source.startsWith('?')) {
      const result = parseExpectation(source.slice(1).trim());
      if (typeof result === 'string') fail(result);
      steps.push({ ...origin, kind: 'expect', expect: result as Expectation });
      return;
    }
    fail('a line starts with @user, ! or ? (or # for a comment)');
  });
  return steps;
}
