import { AUDIT_OTHER_RESOURCES } from '@regie/contract/audit';
import { RESOURCE_NAMES } from '@regie/contract/resources/registry';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { auditEntries } from '../db/audit.table.ts';
import type { Db } from '../db/database.ts';

/**
 * Why a write route appends no audit entry. Each is a kind of call that changes no account's data
 * as a person of that account (or a platform administrator) did it; anything else is audited.
 */
export const AUDIT_EXEMPTIONS = {
  /** A fan's own action on the public side (a play, a vote, a chat message, a sign-up): the fans' data, not a staff change. */
  fanActivity: 'fan activity',
  /** A POST that only reads (a query in its body), or a transfer step whose completion is the audited change. */
  noChange: 'no change',
  /** Machine-to-machine calls (an encoder's or a provider's callback) whose effect the audited action started. */
  machine: 'machine callback',
} as const;
export type AuditExemption = (typeof AUDIT_EXEMPTIONS)[keyof typeof AUDIT_EXEMPTIONS];

/**
 * What a write route (POST, PUT, PATCH, DELETE) declares in its config (issue 26: a new route
 * cannot forget the audit trail; test/audit-routes.test.ts fails on a write route without one):
 * - `'entry'`: every successful call appends at least one entry, in the change's transaction;
 *   the API tests check it on every such call (test/helpers.ts);
 * - `'entry-if-changed'`: a successful call that changed nothing (an idempotent repeat) appends none;
 * - `{ exempt }`: never, for one of the reasons above.
 */
export type AuditDeclaration = 'entry' | 'entry-if-changed' | { exempt: AuditExemption };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A registered write route and what it declares. */
export interface WriteRoute {
  method: string;
  url: string;
  audit: AuditDeclaration | undefined;
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Collects every write route registered after it (an onRoute hook reaches the routes of every
 * plugin). `routes` is filled in place.
 */
export function collectWriteRoutes(app: FastifyInstance, routes: WriteRoute[]): void {
  app.addHook('onRoute', (route) => {
    const audit = (route.config as { audit?: AuditDeclaration } | undefined)?.audit;
    for (const method of methodsOf(route)) {
      if (WRITES.has(method)) routes.push({ method, url: route.url, audit });
    }
  });
}

/** A successful write of a route declared `'entry'` that appended none, or an entry of no known resource. */
export interface MissingAuditEntry {
  method: string;
  url: string;
  route: string;
  statusCode: number;
  problem: string;
}

/** The resources an entry may name: the engine's (the registry's, or those a test serves), and the others the contract lists. */
function knownResources(engineResources: readonly string[]): ReadonlySet<string> {
  return new Set<string>([...RESOURCE_NAMES, ...engineResources, ...AUDIT_OTHER_RESOURCES]);
}

/**
 * Tests turn it on (test/helpers.ts): after each successful call of a route declared `'entry'`,
 * before its answer leaves, the trail must hold an entry with the request's id (the change's
 * transaction has committed by then); and every entry of a declared route's call must name a
 * known resource (the screen labels and offers it). A miss goes to `report`.
 */
export function checkAuditEntries(
  app: FastifyInstance,
  db: Db,
  engineResources: readonly string[],
  report: (missing: MissingAuditEntry) => void,
): void {
  const known = knownResources(engineResources);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const declared = request.routeOptions.config.audit;
    if (declared === undefined || typeof declared === 'object') return payload;
    if (!WRITES.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const found = await db
      .select({ resource: auditEntries.resource })
      .from(auditEntries)
      .where(eq(auditEntries.requestId, request.id));
    const where = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? '',
      statusCode: reply.statusCode,
    };
    if (found.length === 0 && declared === 'entry') report({ ...where, problem: 'no entry' });
    for (const { resource } of found) {
      if (!known.has(resource)) report({ ...where, problem: `an entry of the unknown resource ${resource}` });
    }
    return payload;
  });
}
