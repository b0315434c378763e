import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsEndpoints, opsAnswer, READINESS_TIMEOUT_MS, readiness } from './health.ts';
import { type OpsServer, startOpsServer } from './ops.server.ts';

const registry = new Registry();
const up = () => Promise.resolve();

describe('readiness', () => {
  it('is ready when every check answers', async () => {
    const answer = await readiness({ database: up, redis: up });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });

  it(
    'names what is down, a check that throws or one that does not answer in time',
    async () => {
      const answer = await readiness({
        database: up,
        redis: () => new Promise(() => undefined),
        storage: () => {
          throw new Error('gone');
        },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(answer.body)).toEqual({
        status: 'unavailable',
        down: ['redis', 'storage'],
        checks: { database: 'up', redis: 'down', storage: 'down' },
      });
    },
    READINESS_TIMEOUT_MS * 5,
  );
});

describe('GET /metrics without REGIE_METRICS_TOKEN', () => {
  it('is open', async () => {
    const answer = await opsAnswer('/metrics', undefined, { registry, checks: {}, metricsToken: null });
    expect(answer?.statusCode).toBe(200);
  });
});

describe("a worker's operations server", () => {
  const endpoints: OpsEndpoints = { registry, checks: { database: up }, metricsToken: 'worker-scrape-token' };
  let server: OpsServer;
  let base: string;

  beforeAll(async () => {
    server = await startOpsServer({ host: '127.0.0.1', port: 0, onError: () => undefined }, endpoints);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('answers the probes and, with the token, the metrics; nothing else', async () => {
    expect(await (await fetch(`${base}/livez`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz?verbose`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer worker-scrape-token' } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await fetch(`${base}/main-api/tags`)).status).toBe(404);
    expect((await fetch(`${base}/livez`, { method: 'POST' })).status).toBe(404);
  });
});
