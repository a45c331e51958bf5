import { MESSAGE_CONTENT_MAX } from './limits.ts';

/**
 * One message of a split post: the original text from `start` to `end`, sent as
 * `prefix + text.slice(start, end).trimEnd() + suffix`. The prefix and suffix close and reopen a code
 * fence or a markdown span that had to be cut because it alone is longer than a message.
 */
export interface SplitPiece {
  readonly start: number;
  readonly end: number;
  readonly prefix: string;
  readonly suffix: string;
}

interface Span {
  readonly start: number;
  readonly end: number;
  /** Text that reopens the span at the top of the next message (a fence's opening line, `**`). */
  readonly open: string;
  /** Text that closes it at the bottom of this message. */
  readonly close: string;
  /** Never cut (mentions, custom emoji, links); otherwise cut only when the span alone overflows. */
  readonly atom: boolean;
}

const mask = (text: string, spans: readonly Span[]): string => {
  const chars = [...text.split('')];
  for (const s of spans) for (let i = s.start; i < s.end; i++) chars[i] = 'x';
  return chars.join('');
};

function matches(text: string, pattern: RegExp, make: (m: RegExpExecArray) => Omit<Span, 'start' | 'end'> | null): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(pattern)) {
    const made = make(m);
    if (made) out.push({ start: m.index, end: m.index + m[0].length, ...made });
  }
  return out;
}

/**
 * What must not be cut, in Discord's markdown: code fences and inline code first (nothing inside them
 * is markdown), then mentions, custom emoji, timestamps and links (atoms), then bold, underline,
 * strike-through, spoiler and italic spans.
 */
function spansOf(text: string): Span[] {
  const fences = matches(text, /```([^\n`]*)\n[\s\S]*?```/g, (m) => ({ open: `\`\`\`${m[1] ?? ''}\n`, close: '\n```', atom: false }));
  const afterFences = mask(text, fences);
  const inline = matches(afterFences, /(`+)[^`]+?\1/g, (m) => ({ open: m[1] ?? '`', close: m[1] ?? '`', atom: false }));
  const plain = mask(afterFences, inline);
  const atoms = matches(plain, /<(?:@[!&]?\d+|#\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFR])?|\/[^<>\n]+:\d+|https?:\/\/[^>\s]+)>|\[[^\]\n]*\]\(<?[^)\s]+>?\)|https?:\/\/\S+/g, () => ({
    open: '',
    close: '',
    atom: true,
  }));
  const outside = mask(plain, atoms);
  const doubles = matches(outside, /(\*\*|__|~~|\|\|)(?=\S)[\s\S]+?\1/g, (m) => ({ open: m[1] ?? '', close: m[1] ?? '', atom: false }));
  const markers = outside.split('');
  for (const d of doubles) for (const i of [d.start, d.start + 1, d.end - 2, d.end - 1]) markers[i] = 'x';
  const singles = matches(markers.join(''), /\*(?![\s*])[^*\n]+?\*|(?<![\w_])_(?![\s_])[^_\n]+?_(?![\w_])/g, (m) => ({ open: m[0][0] ?? '', close: m[0][0] ?? '', atom: false }));
  return [...fences, ...inline, ...atoms, ...doubles, ...singles];
}

/** How many spans of a kind cover each position strictly inside them (a cut at `p` falls between `p - 1` and `p`). */
function coverage(n: number, spans: readonly Span[]): Int32Array {
  const diff = new Int32Array(n + 2);
  for (const s of spans) {
    if (s.end - s.start < 2) continue;
    diff[s.start + 1]! += 1;
    diff[s.end]! -= 1;
  }
  for (let i = 1; i <= n; i++) diff[i]! += diff[i - 1]!;
  return diff;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t';
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Where a long post is cut into messages of at most `max` characters: on line boundaries, then between
 * words, never inside a mention, custom emoji, timestamp or link, and inside a code fence or a markdown
 * span only when it alone is longer than a message (then it is closed and reopened). The pieces cover
 * the text exactly, in order.
 */
export function splitPlan(text: string, max: number = MESSAGE_CONTENT_MAX): SplitPiece[] {
  const n = text.length;
  const spans = spansOf(text);
  const all = coverage(n, spans);
  const atoms = coverage(n, spans.filter((s) => s.atom));
  const wrapping = spans.filter((s) => !s.atom);
  const around = (p: number) => wrapping.filter((s) => s.start < p && p < s.end).sort((a, b) => a.start - b.start);
  /** The spans a cut at `p` closes, or null when `p` falls inside one of their markers. */
  const cutAt = (p: number): { prefix: string; suffix: string } | null => {
    const open = around(p);
    if (open.some((s) => p < s.start + s.open.length || p > s.end - s.close.length)) return null;
    const cut = { prefix: open.map((s) => s.open).join(''), suffix: open.map((s) => s.close).reverse().join('') };
    return cut.prefix.length + cut.suffix.length > max / 4 ? null : cut;
  };
  const pieces: SplitPiece[] = [];
  let start = 0;
  let prefix = '';
  while (start < n) {
    const budget = Math.max(1, max - prefix.length);
    if (n - start <= budget) {
      pieces.push({ start, end: n, prefix, suffix: '' });
      break;
    }
    const last = start + budget;
    const tests: ((p: number) => boolean)[] = [
      (p) => all[p] === 0 && text[p - 1] === '\n',
      (p) => all[p] === 0 && isSpace(text[p - 1]),
      (p) => atoms[p] === 0 && text[p - 1] === '\n',
      (p) => atoms[p] === 0 && isSpace(text[p - 1]),
      (p) => atoms[p] === 0 && !isLowSurrogate(text.charCodeAt(p)),
    ];
    let chosen: { end: number; prefix: string; suffix: string } | null = null;
    for (const test of tests) {
      for (let p = last; p > start && !chosen; p--) {
        if (!test(p)) continue;
        const cut = cutAt(p);
        if (cut && p - start + cut.suffix.length <= budget) chosen = { end: p, ...cut };
      }
      if (chosen) break;
    }
    if (!chosen) {
      const end = isLowSurrogate(text.charCodeAt(last)) && last - 1 > start ? last - 1 : last;
      chosen = { end, prefix: '', suffix: '' };
    }
    pieces.push({ start, end: chosen.end, prefix, suffix: chosen.suffix });
    start = chosen.end;
    prefix = chosen.prefix;
  }
  return pieces;
}

/**
 * A post as the messages Discord accepts (each at most `max` characters), cut as {@link splitPlan}
 * says; never truncated. Blank pieces are left out, since Discord refuses empty messages.
 */
export function splitMessage(text: string, max: number = MESSAGE_CONTENT_MAX): string[] {
  return splitPlan(text, max)
    .map((piece) => `${piece.prefix}${text.slice(piece.start, piece.end).trimEnd()}${piece.suffix}`)
    .filter((part) => part.trim() !== '');
}
