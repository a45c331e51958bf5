import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SchedulerHealth } from '../scheduler/types.ts';

const QUEUE_KINDS = ['bullmq', 'in-process'] as const;
const QUEUE_STATES = ['ok', 'degraded'] as const;

/** Prometheus metrics of one process, served on `/metrics`. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let scheduler: (() => SchedulerHealth) | undefined;
  const schedulerState = new Gauge({
    name: 'turnkeeper_scheduler_state',
    help: 'The queue in use (bullmq or in-process) and its state (ok or degraded): 1 for the current pair, 0 otherwise',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect() {
      const now = scheduler?.();
      for (const queue of QUEUE_KINDS) {
        for (const state of QUEUE_STATES) this.set({ queue, state }, now && now.queue === queue && now.state === state ? 1 : 0);
      }
    },
  });
  return {
    registry,
    commands: new Counter({ name: 'turnkeeper_commands_total', help: 'Slash commands and buttons by name and outcome', labelNames: ['command', 'outcome'], registers: [registry] }),
    interactionSeconds: new Histogram({
      name: 'turnkeeper_interaction_seconds', help: 'Time from interaction received to reply sent', labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry],
    }),
    deliveries: new Counter({ name: 'turnkeeper_deliveries_total', help: 'Outbox deliveries by kind and result', labelNames: ['kind', 'result'], registers: [registry] }),
    schedulerState,
    /** Makes `turnkeeper_scheduler_state` read this scheduler at each scrape. */
    watchScheduler(source: () => SchedulerHealth): void {
      scheduler = source;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
