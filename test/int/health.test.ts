import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer } from '../../src/ops/health.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import type { SchedulerHealth } from '../../src/scheduler/types.ts';

describe('health and metrics endpoints', () => {
  const servers: { close(cb: () => void): void }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  async function start(checks: Record<string, () => Promise<boolean>>, scheduler?: () => SchedulerHealth) {
    const metrics = createMetrics();
    const server = await startHealthServer(0, metrics, checks, scheduler);
    servers.push(server);
    return { metrics, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('GIVEN every dependency answers WHEN /healthz is asked THEN 200 with each check; /metrics speaks Prometheus', async () => {
    const { base, metrics } = await start({ database: async () => true, discord: async () => true });
    metrics.commands.inc({ command: 'explore', outcome: 'accepted' });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', checks: { database: true, discord: true } });
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('turnkeeper_commands_total{command="explore",outcome="accepted"} 1');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('GIVEN the database is down WHEN /healthz is asked THEN 503 names the failing check', async () => {
    const { base } = await start({ database: async () => Promise.reject(new Error('ECONNREFUSED')), discord: async () => true });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'degraded', checks: { database: false, discord: true } });
  });

  it('§Redis is a helper: /healthz names the queue and its state; a degraded queue says why, keeps 200, and /metrics shows the gauge', async () => {
    let now: SchedulerHealth = { queue: 'bullmq', state: 'ok' };
    const { base } = await start({ database: async () => true }, () => now);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', checks: { database: true }, scheduler: { queue: 'bullmq', state: 'ok' } });
    now = { queue: 'bullmq', state: 'degraded', reason: 'redis reconnecting: connect ECONNREFUSED' };
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'degraded', checks: { database: true }, scheduler: now });
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('turnkeeper_scheduler_state{queue="bullmq",state="degraded"} 1');
    expect(text).toContain('turnkeeper_scheduler_state{queue="bullmq",state="ok"} 0');
    expect(text).toContain('turnkeeper_scheduler_state{queue="in-process",state="ok"} 0');
  });

  it('§Redis is a helper: the in-process queue is named as such', async () => {
    const { base } = await start({ database: async () => true }, () => ({ queue: 'in-process', state: 'ok' }));
    expect(await (await fetch(`${base}/healthz`)).json()).toMatchObject({ scheduler: { queue: 'in-process', state: 'ok' } });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('turnkeeper_scheduler_state{queue="in-process",state="ok"} 1');
  });
});
