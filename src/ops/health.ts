import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.ts';

export interface HealthChecks {
  /** Each check resolves true when its dependency answers. */
  readonly [name: string]: () => Promise<boolean>;
}

/** `/healthz` (200 when every check passes, 503 otherwise, JSON body) and `/metrics` (Prometheus text). */
export async function startHealthServer(port: number, metrics: Metrics, checks: HealthChecks): Promise<Server> {
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
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: healthy ? 'ok' : 'degraded', checks: results }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '0.0.0.0', resolve));
  return server;
}
