import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { packErrorsFromIssues, safeParseForPack } from './schema.ts';

describe('pack errors', () => {
  const schema = z
    .object({ items: z.array(z.object({ id: z.string() })), uses: z.array(z.string()) })
    .superRefine((pack, ctx) => {
      pack.uses.forEach((u, i) => {
        if (!pack.items.some((it) => it.id === u)) ctx.addIssue({ code: 'custom', path: ['uses', i], message: `unknown item ${u}` });
      });
    });
  const loaded = { data: { items: [{ id: 'rope' }], uses: ['rope', 'lamp'] }, files: [{ key: 'items', file: 'items.yaml' }, { key: 'uses', file: 'uses.yaml' }] };

  it('GIVEN a cross-reference to nothing WHEN reported THEN the message states the problem with its file and path, not "expected … got …"', () => {
    const parsed = safeParseForPack(schema, loaded.data);
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? [] : packErrorsFromIssues(parsed.error.issues, loaded as never);
    expect(errors.map((e) => e.message)).toEqual(['uses.yaml: /1: unknown item lamp']);
    expect(errors[0]?.code).toBe('content.pack.invalidValue');
  });

  it('GIVEN a value of the wrong kind WHEN reported THEN the message says what was expected and what was found', () => {
    const parsed = safeParseForPack(schema, { ...loaded.data, uses: [3] });
    const errors = parsed.success ? [] : packErrorsFromIssues(parsed.error.issues, { ...loaded, data: { ...loaded.data, uses: [3] } } as never);
    expect(errors[0]?.message).toMatch(/^uses\.yaml: \/0: expected .+, got 3$/);
  });
});
