import type { AccessRule, AccessSubject } from '@regie/contract/access';
import { satisfies } from '@regie/contract/access';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import type { Role } from '@regie/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../auth/sessions.service.ts';
import type { Db } from '../db/database.ts';
import { forbidden, notFound, unauthorized } from '../http/http.errors.ts';
import { type RequestAccount, type RequestContext, type RequestUser, resolveContext } from './tenancy.service.ts';

export interface AuthContext extends RequestContext {
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; null on public routes. */
    auth: AuthContext | null;
    user: RequestUser | null;
    account: RequestAccount | null;
    simulated: boolean;
  }
}

export function decorateRequests(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);
  app.decorateRequest('simulated', false);
}

/** The context of an authenticated request (a route without requireAuth gets a 401). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(AUTH_MESSAGES.missingToken);
  return request.auth;
}

/**
 * What the contract's access rule looks at for this request. Acting for an account, an admin
 * gets that account's roles and modules (spec §6) and keeps their own roles, so admin routes
 * keep working while simulating.
 */
export function accessSubject(auth: RequestContext): AccessSubject {
  const roles = auth.simulated ? [...new Set([...auth.user.roles, ...auth.account.roles])] : auth.user.roles;
  return { roles, modules: auth.account.modules, accessLevel: auth.user.accessLevel };
}

/** Reading a record of another account: 404 unless an admin who is not acting for an account. */
export function assertInScope(auth: RequestContext, recordAccountId: number, notFoundMessage: string): void {
  if (auth.user.isAdmin && !auth.simulated) return;
  if (recordAccountId !== auth.account.id) throw notFound(notFoundMessage);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface Guards {
  /** A valid token; sets request.auth, user, account and simulated. */
  requireAuth: Guard;
  /** requireAuth, then the contract access rule against accessSubject(). */
  requireRule(rule: AccessRule): Guard;
  /** requireAuth, then one of the roles. */
  requireRoles(...roles: Role[]): Guard;
  /** requireAuth, then an admin acting for no account (spec §6: listing all accounts). */
  requirePlatformAdmin: Guard;
}

export function createGuards(db: Db): Guards {
  const requireAuth: Guard = async (request) => {
    if (request.auth) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.missingToken);
    const { sessionId, userId } = await resolveSession(db, token);
    const header = request.headers[HEADER_ACCOUNT_KEY];
    const context = await resolveContext(db, userId, Array.isArray(header) ? header[0] : header);
    request.auth = { ...context, sessionId };
    request.user = context.user;
    request.account = context.account;
    request.simulated = context.simulated;
  };
  const requireRule = (rule: AccessRule): Guard => {
    return async (request) => {
      await requireAuth(request);
      if (!satisfies(accessSubject(authOf(request)), rule)) throw forbidden();
    };
  };
  return {
    requireAuth,
    requireRule,
    requireRoles: (...roles) => requireRule({ authorizedRoles: roles }),
    requirePlatformAdmin: async (request) => {
      await requireAuth(request);
      const auth = authOf(request);
      if (!auth.user.isAdmin || auth.simulated) throw forbidden();
    },
  };
}
