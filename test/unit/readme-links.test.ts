import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot, projectRoot } from '../../src/ops/paths.ts';

/**
 * Issue 15 "Around the game": the README is read on GitHub and in a fresh clone, where nothing outside the
 * repository exists. Every link and every file or folder it names resolves inside the repository.
 */
const readme = readFileSync(fromRoot('README.md'), 'utf8');
const inside = (target: string) => {
  const resolved = path.resolve(projectRoot, target);
  return resolved === projectRoot || resolved.startsWith(projectRoot + path.sep);
};

describe('README.md', () => {
  it('GIVEN its Markdown links THEN each relative one names a file or folder of the repository', () => {
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'));
    const broken = links.map((t) => t.split('#')[0] ?? '').filter((t) => !inside(t) || !existsSync(fromRoot(t)));
    expect(broken).toEqual([]);
  });

  it('GIVEN the paths it names in code spans THEN none leaves the repository and each exists', () => {
    const spans = [...readme.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
    expect(spans.filter((s) => s.includes('../'))).toEqual([]);
    const paths = spans.filter((s) => /^(\.ci|docs|src|test|assets|prisma|bin|scripts|commands|bench)\/[\w./-]*$/.test(s) || /^(\.env\.example|\.dockerignore|Dockerfile|docker-compose\.yml)$/.test(s));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !inside(p) || !existsSync(fromRoot(p)))).toEqual([]);
  });
});
