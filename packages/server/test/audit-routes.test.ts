import { randomUUID } from 'node:crypto';
import { paths } from '@regie/contract/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditEntries, type MissingAuditEntry, type WriteRoute } from '../src/audit/audit.declared.ts';
import { auditSourceOf, writeAudit } from '../src/audit/audit.service.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Issue 26: every change is recorded, and a new route cannot forget it. Every write route of the
 * app declares what it records (audit/audit.declared.ts); the API suite then checks, on every
 * successful call of a route declared 'entry', that its entry exists (test/helpers.ts).
 */
let ctx: TestContext;
const writeRoutes: WriteRoute[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ dependencies: { writeRoutes } });
});
afterAll(() => ctx.close());

describe('the write routes', () => {
  it('are all seen (the walk covers every plugin, the engine’s generated routes included)', () => {
    const seen = new Set(writeRoutes.map((route) => `${route.method} ${route.url}`));
    expect(writeRoutes.length).toBeGreaterThan(200);
    expect(seen).toContain('POST /main-api/tags');
    expect(seen).toContain('PUT /main-api/tags/:id');
    expect(seen).toContain(`POST ${paths.login}`);
  });

  it('each declare what they record in the audit trail', () => {
    const undeclared = writeRoutes
      .filter((route) => route.audit === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });
});

describe('the check of the declared entries', () => {
  const missing: MissingAuditEntry[] = [];
  // Its own request ids, so that none matches an entry of the app's.
  const app = Fastify({ genReqId: () => randomUUID() });
  beforeAll(async () => {
    checkAuditEntries(app, ctx.db, [], (miss) => missing.push(miss));
    app.post('/forgets', { config: { audit: 'entry' } }, async () => ({ ok: true }));
    app.post('/records', { config: { audit: 'entry' } }, async (request) => {
      await writeAudit(ctx.db, auditSourceOf(request, null), {
        accountId: null,
        resource: 'tags',
        resourceId: null,
        action: 'update',
        changes: {},
      });
      return { ok: true };
    });
    app.post('/strange', { config: { audit: 'entry' } }, async (request) => {
      await writeAudit(ctx.db, auditSourceOf(request, null), {
        accountId: null,
        resource: 'no-such-resource',
        resourceId: null,
        action: 'update',
        changes: {},
      });
      return { ok: true };
    });
    app.post('/refuses', { config: { audit: 'entry' } }, async (_request, reply) => reply.code(400).send({}));
    await app.ready();
  });
  afterAll(() => app.close());

  it('reports a successful write declared entry that appended none, or one of an unknown resource', async () => {
    for (const url of ['/forgets', '/records', '/strange', '/refuses']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(missing.map((miss) => [miss.url, miss.problem])).toEqual([
      ['/forgets', 'no entry'],
      ['/strange', 'an entry of the unknown resource no-such-resource'],
    ]);
  });
});
