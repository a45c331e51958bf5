import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TranscriptsFirst } from './test/support/sequencer.ts';

/**
 * Workers: vitest's default in a run is one less than the CPUs, i.e. a single worker on a 2-CPU machine,
 * where most test time is spent waiting on PostgreSQL, Redis and timers. At least two workers (or
 * VITEST_MAX_WORKERS) let those waits overlap; every test owns its databases, queue prefixes and ports.
 */
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'commands/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules/**', 'test/browser/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    sequence: { sequencer: TranscriptsFirst },
  },
});
