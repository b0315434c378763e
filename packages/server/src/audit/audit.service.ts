import type { AuditAction, AuditChanges } from '@regie/contract/audit';
import type { FastifyRequest } from 'fastify';
import { auditEntries } from '../db/audit.table.ts';
import type { Db } from '../db/database.ts';
import type { RequestUser } from '../tenancy/tenancy.service.ts';

/**
 * Who a change is recorded against and where it came from (contract audit.ts). Made per request
 * by `auditSourceOf` and handed explicitly to whoever writes: the signed-in context is shared
 * between the requests of one token (tenancy.guards.ts), so it cannot carry the request's own id.
 */
export interface AuditSource {
  userId: number | null;
  userName: string | null;
  /** The platform administrator acting for the account (spec §6: a simulated account), else null. */
  actingAdminId: number | null;
  /** A platform administrator did it: a customer reading the entry does not see the address. */
  byPlatformAdmin: boolean;
  /** The user's own account (not stored): a platform administrator's change elsewhere is acting. */
  ownAccountId: number | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The most of a user agent kept: enough to tell browsers apart, not a place to store a body. */
const USER_AGENT_MAX = 500;

function userAgentOf(request: FastifyRequest): string | null {
  const header = request.headers['user-agent'];
  return header ? header.slice(0, USER_AGENT_MAX) : null;
}

/**
 * The request's source; `who` is its signed-in context (request.auth) or, before there is one
 * (a sign-in), the user it names. An administrator acting for an account is both the user and the
 * acting administrator.
 */
export function auditSourceOf(
  request: FastifyRequest,
  who: { user: Pick<RequestUser, 'id' | 'name' | 'isAdmin' | 'accountId'>; simulated: boolean } | null = request.auth,
): AuditSource {
  return {
    userId: who?.user.id ?? null,
    userName: who?.user.name ?? null,
    actingAdminId: who?.simulated ? who.user.id : null,
    byPlatformAdmin: who?.user.isAdmin ?? false,
    ownAccountId: who?.user.accountId ?? null,
    requestId: request.id,
    ip: request.ip,
    userAgent: userAgentOf(request),
  };
}

/** What changed, to which record of which account. */
export interface AuditChange {
  /** The account whose data it is; null for a platform record. */
  accountId: number | null;
  resource: string;
  resourceId: number | null;
  action: AuditAction;
  changes: AuditChanges;
}

/**
 * Appends one entry: one INSERT, on `db`, which is the change's transaction so that the entry
 * exists exactly when the change does.
 */
export async function writeAudit(db: Db, source: AuditSource, change: AuditChange): Promise<void> {
  const { ownAccountId, actingAdminId, ...stored } = source;
  // A platform administrator acting for no account may still change an account's record (they
  // see every account's): for that account, that is acting for it all the same.
  const elsewhere = source.byPlatformAdmin && change.accountId !== null && change.accountId !== ownAccountId;
  await db
    .insert(auditEntries)
    .values({ ...stored, ...change, actingAdminId: actingAdminId ?? (elsewhere ? source.userId : null) });
}
