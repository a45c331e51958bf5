import { createServer, type Server } from 'node:http';
import type { SchedulerHealth } from '../scheduler/types.ts';
import type { Metrics } from './metrics.ts';

export interface HealthChecks {
  /** Each check resolves true when its dependency answers. */
  readonly [name: string]: () => Promise<boolean>;
}

/**
 * `/healthz` (200 when every check passes, 503 otherwise, JSON body) and `/metrics` (Prometheus text).
 * With `scheduler`, the body names the queue in use and its state; a degraded queue (Redis away) makes the
 * status `degraded` but keeps 200: the bot still serves commands and the outbox, and restarting it would
 * not bring Redis back.
 */
export async function startHealthServer(port: number, metrics: Metrics, checks: HealthChecks, scheduler?: () => SchedulerHealth): Promise<Server> {
  if (scheduler) metrics.watchScheduler(scheduler);
  const server = createServer(async (req, res) => {
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': metrics.registry.contentType });
      res.end(await metrics.registry.metrics());
      return;
    }
    if (req.url === '/healthz') {
      const results: Record<string, boolean> = {};
      for (const [name, check] of Object.entries(checks)) results[name] = await check().catch(() => false);
      const healthy = Object.values(results).every(Boolean);
      const queue = scheduler?.();
      const status = healthy && queue?.state !== 'degraded' ? 'ok' : 'degraded';
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status, checks: results, ...(queue ? { scheduler: queue } : {}) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '0.0.0.0', resolve));
  return server;
}
