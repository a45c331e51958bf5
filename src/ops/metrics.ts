import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process, served on `/metrics`. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    commands: new Counter({ name: 'turnkeeper_commands_total', help: 'Slash commands and buttons by name and outcome', labelNames: ['command', 'outcome'], registers: [registry] }),
    interactionSeconds: new Histogram({
      name: 'turnkeeper_interaction_seconds', help: 'Time from interaction received to reply sent', labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry],
    }),
    deliveries: new Counter({ name: 'turnkeeper_deliveries_total', help: 'Outbox deliveries by kind and result', labelNames: ['kind', 'result'], registers: [registry] }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
