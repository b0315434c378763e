import type { AccessRule, AccessSubject } from '@regie/contract/access';
import { satisfies } from '@regie/contract/access';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import type { Message } from '@regie/contract/messages';
import type { Role } from '@regie/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../http/http.errors.ts';
import { type MessageLanguage, requestLanguage } from '../http/localize.ts';
import type { ResolveSignedIn } from './tenancy.cache.ts';
import type { RequestAccount, RequestContext, RequestUser } from './tenancy.service.ts';

export interface AuthContext extends RequestContext {
  sessionId: number;
  /** The request's language (Accept-Language), for what is rendered in words in an answer. */
  language: MessageLanguage;
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
  const subject = { roles: auth.user.roles, modules: auth.account.modules, accessLevel: auth.user.accessLevel };
  if (!auth.simulated) return subject;
  // The person's own roles stay in `roles` (read_only and platform admin are about them).
  const roles = [...new Set([...auth.user.roles, ...auth.account.roles])];
  return { ...subject, simulatedAccount: { roles, modules: auth.account.modules } };
}

/** Reading a record of another account: 404 unless an admin who is not acting for an account. */
export function assertInScope(auth: RequestContext, recordAccountId: number, notFoundMessage: Message): void {
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
  /** token + x-account-key → session and context, for callers that are not HTTP routes (WebSocket). */
  resolve: ResolveSignedIn;
}

/** `resolve` is tenancy.cache.ts's: cached per token, one statement on a miss. */
export function createGuards(resolve: ResolveSignedIn): Guards {
  const requireAuth: Guard = async (request) => {
    if (request.auth) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.missingToken);
    const header = request.headers[HEADER_ACCOUNT_KEY];
    const { sessionId, context } = await resolve(token, Array.isArray(header) ? header[0] : header);
    request.auth = { ...context, sessionId, language: requestLanguage(request) };
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
    resolve,
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
