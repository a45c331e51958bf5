import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** One row of `bench/results.json`: a case, its unit and its distribution over `n` samples. */
export interface BenchRow {
  readonly case: string;
  readonly unit: string;
  readonly median: number;
  readonly p95: number;
  readonly p99: number;
  readonly n: number;
  readonly notes: string;
}

/** The value below which `q` of the sorted samples fall (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Rounds for the table and the JSON file (three decimals by default). */
export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Median, p95 and p99 of the samples, rounded for the table. */
export function summarize(name: string, unit: string, samples: readonly number[], notes = ''): BenchRow {
  const sorted = [...samples].sort((a, b) => a - b);
  return { case: name, unit, median: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), p99: round(quantile(sorted, 0.99)), n: samples.length, notes };
}

/** A row for a single figure (throughput, memory): the same value in every column. */
export function single(name: string, unit: string, value: number, notes = ''): BenchRow {
  const v = round(value);
  return { case: name, unit, median: v, p95: v, p99: v, n: 1, notes };
}

/** The machine the figures come from: a ratio holds across machines, an absolute figure does not. */
export function machine(): { cpus: number; cpuModel: string; node: string; platform: string; totalMemoryMb: number } {
  const cpus = os.cpus();
  return { cpus: os.availableParallelism?.() ?? cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform} ${os.release()}`, totalMemoryMb: Math.round(os.totalmem() / 2 ** 20) };
}

/** The rows as an aligned plain-text table for the terminal. */
export function table(rows: readonly BenchRow[]): string {
  const header = ['case', 'unit', 'median', 'p95', 'p99', 'n', 'notes'];
  const cells = rows.map((r) => [r.case, r.unit, String(r.median), String(r.p95), String(r.p99), String(r.n), r.notes]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => c.map((v, i) => (i >= 2 && i <= 5 ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/**
 * CPU time (ms) of every PostgreSQL process on this machine, from /proc (Linux; NaN elsewhere): with the
 * bot's and the driver's own, it shows which of the processes sharing the cores a level's time went to.
 */
export function postgresCpuMs(): number {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10;
  } catch {
    return Number.NaN;
  }
}
