/** The value of an accepted result; a refusal fails the test with its code (test-only). */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(`rejected: ${r.error.code}`);
  return r.value;
}
