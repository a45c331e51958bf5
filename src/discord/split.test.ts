import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMessage, splitPlan } from './split.ts';

const ATOM = /<(?:@[!&]?\d+|a?:\w+:\d+)>/g;

/** No UTF-16 surrogate half stands alone (an emoji cut in two). */
const wellFormed = (s: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** A 3,000-character turn log: bold headers, mentions of players, a custom emoji per line. */
function turnLog(): string {
  const lines: string[] = [];
  for (let i = 1; lines.join('\n').length < 3000; i++) {
    lines.push(i % 6 === 1 ? `**Round ${i}: the expedition moves on**` : `<@1234567890123456${i % 4}> rolls <:die:112233445566778899> and moves the lantern to room ${i} of the salt mine.`);
  }
  return lines.join('\n');
}

describe('splitMessage', () => {
  it('GIVEN a post of at most 2,000 characters WHEN split THEN it is one message, unchanged', () => {
    const text = 'Alice explores **the Salt Hall** and finds <@123456789012345678>’s lantern.';
    expect(splitMessage(text)).toEqual([text]);
  });

  it('GIVEN a 3,000-character turn log WHEN split for Discord THEN it becomes two messages cut between lines, nothing lost, no mention, emoji or bold cut', () => {
    const text = turnLog();
    expect(text.length).toBeGreaterThanOrEqual(3000);
    const parts = splitMessage(text);
    expect(parts.length).toBe(2);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2000);
    expect(parts.join('\n')).toBe(text);
    const lines = new Set(text.split('\n'));
    for (const part of parts) for (const line of part.split('\n')) expect(lines.has(line)).toBe(true);
  });

  it('GIVEN a code fence longer than a message WHEN split THEN each message closes the fence and the next reopens it with its language', () => {
    const code = Array.from({ length: 120 }, (_, i) => `line ${i} of the replay log, seat ${i % 4}`).join('\n');
    const text = `Replay:\n\`\`\`js\n${code}\n\`\`\`\nDone.`;
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect((part.match(/```/g) ?? []).length % 2).toBe(0);
    }
    expect(parts[0]).toBe('Replay:');
    for (const part of parts.slice(1, -1)) expect(part.startsWith('```js\n')).toBe(true);
  });

  it('GIVEN one line longer than a message WHEN split THEN it is cut between words, never inside a mention', () => {
    const text = Array.from({ length: 200 }, (_, i) => `<@${100000000000000000 + i}> waits`).join(' ');
    const parts = splitMessage(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(part).toMatch(/^<@\d+>/);
      expect(part).toMatch(/waits$/);
    }
    expect(parts.join(' ')).toBe(text);
  });

  it('GIVEN a bold passage longer than a message WHEN split THEN each message keeps it bold (closed and reopened)', () => {
    const text = `**${Array.from({ length: 500 }, () => 'dark').join(' ')}**`;
    const parts = splitMessage(text);
    expect(parts.length).toBe(2);
    for (const part of parts) {
      expect(part.startsWith('**') && part.endsWith('**')).toBe(true);
      expect(part.length).toBeLessThanOrEqual(2000);
    }
  });

  it('GIVEN emoji made of surrogate pairs and no spaces WHEN a hard cut is needed THEN no pair is split', () => {
    const text = '🎲'.repeat(1500);
    const parts = splitMessage(text);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(wellFormed(part)).toBe(true);
    }
  });
});

const word = fc.constantFrom('lantern', 'salt', 'door', 'seat', 'é', 'ñandú', 'x', '12', '🎲', 'room-3', 'a*b', 'snake_case');
const words = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const snowflake = fc.bigInt({ min: 10n ** 16n, max: 10n ** 19n - 1n }).map(String);
const token = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 2, arbitrary: snowflake.map((id) => `<@${id}>`) },
  { weight: 1, arbitrary: snowflake.map((id) => `<@&${id}>`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('die', 'skull'), snowflake, fc.boolean()).map(([n, id, a]) => `<${a ? 'a' : ''}:${n}:${id}>`) },
  { weight: 1, arbitrary: words.map((w) => `**${w}**`) },
  { weight: 1, arbitrary: words.map((w) => `*${w.replaceAll('*', '')}*`) },
  { weight: 1, arbitrary: words.map((w) => `\`${w}\``) },
  { weight: 1, arbitrary: fc.array(words, { minLength: 1, maxLength: 12 }).map((lines) => `\n\`\`\`js\n${lines.join('\n')}\n\`\`\`\n`) },
);
const post = fc.array(fc.tuple(token, fc.constantFrom(' ', ' ', '\n', '\n\n')), { minLength: 1, maxLength: 120 }).map((parts) => parts.map(([t, sep]) => t + sep).join(''));

describe('splitPlan, property-tested', () => {
  it('GIVEN any post WHEN split THEN the pieces cover it exactly in order, each message fits, and no mention, emoji, code fence or bold span is broken', () => {
    fc.assert(
      fc.property(post, fc.integer({ min: 80, max: 400 }), (text, max) => {
        const plan = splitPlan(text, max);
        expect(plan[0]?.start).toBe(0);
        expect(plan.at(-1)?.end).toBe(text.length);
        plan.forEach((piece, i) => {
          expect(piece.end).toBeGreaterThan(piece.start);
          if (i > 0) expect(piece.start).toBe(plan[i - 1]?.end);
        });
        for (const m of text.matchAll(ATOM)) {
          expect(plan.some((p) => p.start <= m.index && m.index + m[0].length <= p.end)).toBe(true);
        }
        for (const part of splitMessage(text, max)) {
          expect(part.length).toBeLessThanOrEqual(max);
          expect(wellFormed(part)).toBe(true);
          expect((part.match(/```/g) ?? []).length % 2).toBe(0);
          const prose = part.replace(/```[\s\S]*?```/g, '');
          expect((prose.match(/\*\*/g) ?? []).length % 2).toBe(0);
          expect((prose.match(/`/g) ?? []).length % 2).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
