import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * ARCHITECTURE.md "Folders": pure code stays pure, renderers use src/render only, commands never reach
 * the store. A plain scan of import specifiers (no dependency-cruiser), following relative imports
 * transitively so a pure file cannot reach canvas or node:fs through a helper.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const FORBIDDEN_PACKAGES = [/^discord\.js$/, /^@discordjs\//, /^@prisma\//, /^bullmq$/, /^ioredis$/, /^canvas$/, /^pg$/, /^node:(fs|net|http|https|child_process)(\/|$)/, /^(fs|net|http|https|child_process)(\/|$)/];
const FORBIDDEN_FOLDERS = ['src/store', 'src/discord', 'src/scheduler', 'src/render', 'src/app', 'src/local'];

interface ImportRef {
  readonly specifier: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly offence: string;
}

/** Replaces comments with spaces (keeping newlines) so prose about `Math.random` is not flagged. */
function stripComments(code: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < code.length) {
    const c = code[i] as string;
    const next = code[i + 1];
    if (quote !== null) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out += c;
      i++;
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      i += 2;
      while (i < code.length && !(code[i] === '*' && code[i + 1] === '/')) {
        out += code[i] === '\n' ? '\n' : ' ';
        i++;
      }
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

const lineAt = (code: string, index: number): number => code.slice(0, index).split('\n').length;

export function importsOf(source: string): ImportRef[] {
  const code = stripComments(source);
  const refs: ImportRef[] = [];
  const statement = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  const bare = /(?:^|[;\n}])\s*import\s*['"]([^'"]+)['"]/g;
  const dynamic = /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(statement)) refs.push({ specifier: m[4] as string, typeOnly: m[2] !== undefined, line: lineAt(code, m.index + m[0].indexOf(m[1] as string)) });
  for (const m of code.matchAll(bare)) refs.push({ specifier: m[1] as string, typeOnly: false, line: lineAt(code, m.index + m[0].indexOf('import')) });
  for (const m of code.matchAll(dynamic)) refs.push({ specifier: m[1] as string, typeOnly: false, line: lineAt(code, m.index) });
  return refs;
}

/** Repo-relative path of a relative import, or null for a package. */
function target(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(ROOT, dirname(fromFile), specifier)).split(sep).join('/');
}

/** Test files and their helpers (`*.test.ts`, `*.test-helper.ts`) may read fixtures from disk. */
const isTest = (file: string): boolean => /\.test(-helper)?\.ts$/.test(file);
/** A game's picture: `render.ts`, and the modules it is split into by concern (`render-<part>.ts`). */
const isRender = (file: string): boolean => /^src\/games\/[^/]+\/render(-[a-z]+)*\.ts$/.test(file);
const isPure = (file: string): boolean => (file.startsWith('src/core/') || file.startsWith('src/games/')) && !isTest(file) && !isRender(file);
const underFolder = (file: string, folders: readonly string[]): string | undefined => folders.find((f) => file === f || file.startsWith(`${f}/`));

/**
 * Checks the boundary rules over a set of files (repo-relative path → source). Pure so the rules can be
 * tested on made-up files as well as run on the real tree.
 */
export function checkBoundaries(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  const cache = new Map<string, ImportRef[]>();
  const refsOf = (file: string): ImportRef[] => {
    let refs = cache.get(file);
    if (!refs) {
      refs = importsOf(files.get(file) ?? '');
      cache.set(file, refs);
    }
    return refs;
  };
  for (const file of [...files.keys()].sort()) {
    if (isPure(file)) {
      const seen = new Set<string>([file]);
      const queue: { at: string; via: string[]; firstLine: number }[] = [{ at: file, via: [], firstLine: 0 }];
      while (queue.length > 0) {
        const { at, via, firstLine } = queue.shift() as { at: string; via: string[]; firstLine: number };
        for (const ref of refsOf(at)) {
          const chain = via.length === 0 ? '' : ` (through ${[...via, at].slice(1).join(' → ')})`;
          const line = via.length === 0 ? ref.line : firstLine;
          if (FORBIDDEN_PACKAGES.some((p) => p.test(ref.specifier))) {
            if (!ref.typeOnly || via.length === 0) violations.push({ file, line, offence: `imports '${ref.specifier}'${chain}` });
            continue;
          }
          const to = target(at, ref.specifier);
          if (to === null) continue;
          const folder = underFolder(to, FORBIDDEN_FOLDERS);
          if (folder !== undefined) {
            violations.push({ file, line, offence: `imports '${ref.specifier}' from ${folder}${chain}` });
            continue;
          }
          if (!ref.typeOnly && !seen.has(to) && files.has(to)) {
            seen.add(to);
            queue.push({ at: to, via: [...via, at], firstLine: via.length === 0 ? ref.line : firstLine });
          }
        }
      }
      const code = stripComments(files.get(file) ?? '');
      for (const banned of [/\bMath\.random\b/g, /\bDate\.now\s*\(/g, /\bnew\s+Date\s*\(\s*\)/g]) {
        for (const m of code.matchAll(banned)) violations.push({ file, line: lineAt(code, m.index), offence: `uses ${m[0]} (time comes from ctx.now, chance from ctx.rng)` });
      }
    }
    if (isRender(file)) {
      const own = dirname(file);
      for (const ref of refsOf(file)) {
        const to = target(file, ref.specifier);
        const allowed =
          to === 'src/render/index.ts' ||
          (to !== null && ((to.startsWith(`${own}/`) && (!isRender(to) || dirname(to) === own)) || to.startsWith('src/core/')));
        if (!allowed) violations.push({ file, line: ref.line, offence: `imports '${ref.specifier}' (render.ts may import src/render/index.ts, its own game's pure code, and src/core)` });
      }
      const code = stripComments(files.get(file) ?? '');
      for (const banned of [/\bMath\.random\b/g, /\bDate\.now\s*\(/g, /\bnew\s+Date\s*\(\s*\)/g]) {
        for (const m of code.matchAll(banned)) violations.push({ file, line: lineAt(code, m.index), offence: `uses ${m[0]}` });
      }
    }
    if (file.startsWith('commands/') && !isTest(file)) {
      for (const ref of refsOf(file)) {
        const to = target(file, ref.specifier);
        if (to !== null && underFolder(to, ['src/store'])) violations.push({ file, line: ref.line, offence: `imports '${ref.specifier}' from src/store (commands talk to src/app)` });
      }
    }
  }
  return violations;
}

function readTree(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    if (!existsSync(join(ROOT, dir))) return;
    for (const name of readdirSync(join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|mts|js|mjs)$/.test(name)) files.set(rel, readFileSync(join(ROOT, rel), 'utf8'));
    }
  };
  walk('src');
  walk('commands');
  return files;
}

const format = (v: readonly Violation[]): string => v.map((x) => `${x.file}:${x.line}: ${x.offence}`).join('\n');

describe('boundaries (ARCHITECTURE.md "Folders")', () => {
  it('GIVEN the source tree WHEN scanned THEN pure code, renderers and commands respect their boundaries', () => {
    const files = readTree();
    expect(files.size).toBeGreaterThan(0);
    const violations = checkBoundaries(files);
    expect(violations, `boundary violations:\n${format(violations)}`).toEqual([]);
  });

  it('GIVEN made-up files that break every rule WHEN checked THEN each is reported with its file and import', () => {
    const files = new Map<string, string>([
      ['src/core/bad.ts', "import { Client } from 'discord.js';\nimport { readFile } from 'node:fs/promises';\nconst t = Date.now();\n"],
      ['src/core/ok.ts', "// Math.random is banned, says this comment\nimport type { z } from 'zod';\nimport { createHash } from 'node:crypto';\nexport const s = 'Date.now() in a string is fine? no: only comments are skipped';\n"],
      ['src/games/quest/rules.ts', "import { helper } from './helper.ts';\nimport { save } from '../../store/repo.ts';\nexport const r = Math.random();\n"],
      ['src/games/quest/helper.ts', "import { createCanvas } from 'canvas';\nexport const helper = 1;\n"],
      ['src/games/quest/render.ts', "import { drawDie } from '../../render/index.ts';\nimport type { QuestView } from './view.ts';\nimport { rules } from './rules.ts';\nimport { createCanvas } from 'canvas';\n"],
      ['src/games/quest/rules.test.ts', "import { createCanvas } from 'canvas';\nconst now = new Date();\n"],
      ['src/games/quest/lazy.ts', "export const load = () => import('../../discord/client.ts');\n"],
      ['commands/play.ts', "import { play } from '../src/app/play.ts';\nimport { repo } from '../src/store/repo.ts';\n"],
    ]);
    const found = format(checkBoundaries(files));
    expect(found).toContain("src/core/bad.ts:1: imports 'discord.js'");
    expect(found).toContain("src/core/bad.ts:2: imports 'node:fs/promises'");
    expect(found).toContain('src/core/bad.ts:3: uses Date.now(');
    expect(found).not.toContain('src/core/ok.ts:1');
    expect(found).toContain("src/games/quest/rules.ts:2: imports '../../store/repo.ts' from src/store");
    expect(found).toContain('src/games/quest/rules.ts:3: uses Math.random');
    expect(found).toContain("src/games/quest/rules.ts:1: imports 'canvas' (through src/games/quest/helper.ts)");
    expect(found).not.toContain("src/games/quest/render.ts:3: imports './rules.ts'");
    expect(found).toContain("src/games/quest/render.ts:4: imports 'canvas'");
    expect(found).not.toContain('render.ts:1');
    expect(found).not.toContain('render.ts:2');
    expect(found).not.toContain('rules.test.ts');
    expect(found).toContain("src/games/quest/lazy.ts:1: imports '../../discord/client.ts' from src/discord");
    expect(found).toContain("commands/play.ts:2: imports '../src/store/repo.ts' from src/store");
    expect(found).not.toContain('commands/play.ts:1');
  });
});
