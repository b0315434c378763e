import type { AccessRule, AccessSubject } from '@regie/contract/access';
import { satisfies } from '@regie/contract/access';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import type { Message } from '@regie/contract/messages';
import type { Role } from '@regie/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { forbidden, notFound, unauthorized } from '../http/http.errors.ts';
import { type MessageLanguage, requestLanguage } from '../http/localize.ts';
import type { ResolveSignedIn, SignedIn } from './tenancy.cache.ts';
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

/**
 * A guard is a route hook (`onRequest: guards.requireAuth`): Fastify calls it with `done`, and a
 * request whose token is cached passes or fails at once, without a promise or a microtask (an
 * async hook costs every signed-in call more than its checks). Called with the request alone, it
 * answers a promise to await (routes that guard only part of their work).
 */
export type Guard = {
  (request: FastifyRequest): Promise<void>;
  (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
};

export interface Guards {
  /** A valid token; sets request.auth, user, account and simulated. */
  requireAuth: Guard;
  /** requireAuth, then the contract access rule against accessSubject(). */
  requireRule(rule: AccessRule): Guard;
  /** requireAuth, then one of the rules. */
  requireAnyRule(rules: readonly AccessRule[]): Guard;
  /** requireAuth, then one of the roles. */
  requireRoles(...roles: Role[]): Guard;
  /** requireAuth, then an admin acting for no account (spec §6: listing all accounts). */
  requirePlatformAdmin: Guard;
  /** token + x-account-key → session and context, for callers that are not HTTP routes (WebSocket). */
  resolve: ResolveSignedIn;
}

/** The promise a guard called without `done` answers when it decided at once: settled, shared. */
const PASSED: Promise<void> = Promise.resolve();

/**
 * A guard from a synchronous step: `step` answers undefined once it decided (or throws), or a
 * promise when it has to wait (a token not cached yet).
 */
function guard(step: (request: FastifyRequest) => Promise<void> | undefined): Guard {
  return ((
    request: FastifyRequest,
    _reply?: FastifyReply,
    done?: HookHandlerDoneFunction,
  ): Promise<void> | undefined => {
    let pending: Promise<void> | undefined;
    try {
      pending = step(request);
    } catch (error) {
      if (!done) return Promise.reject(error);
      done(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
    if (!done) return pending ?? PASSED;
    if (pending) pending.then(() => done(), done);
    else done();
    return undefined;
  }) as Guard;
}

/** `resolve` is tenancy.cache.ts's: cached per token (answered at once), one statement on a miss. */
export function createGuards(resolve: ResolveSignedIn): Guards {
  /**
   * The request's AuthContext: one object per signed-in entry and language, made once (nothing
   * changes it), so a cached token costs no allocation.
   */
  const authContexts = new WeakMap<SignedIn, Partial<Record<MessageLanguage, AuthContext>>>();
  const signIn = (request: FastifyRequest, signedIn: SignedIn): void => {
    const language = requestLanguage(request);
    let byLanguage = authContexts.get(signedIn);
    if (!byLanguage) {
      byLanguage = {};
      authContexts.set(signedIn, byLanguage);
    }
    const { context, sessionId } = signedIn;
    request.auth = byLanguage[language] ??= { ...context, sessionId, language };
    request.user = context.user;
    request.account = context.account;
    request.simulated = context.simulated;
  };
  /** Sets the request's context: at once when the token is cached, else once resolved. */
  const authenticate = (request: FastifyRequest): Promise<void> | undefined => {
    if (request.auth) return undefined;
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.missingToken);
    const header = request.headers[HEADER_ACCOUNT_KEY];
    const accountKey = Array.isArray(header) ? header[0] : header;
    const known = resolve.cached(token, accountKey);
    if (known) {
      signIn(request, known);
      return undefined;
    }
    return resolve(token, accountKey).then((signedIn) => signIn(request, signedIn));
  };
  /** authenticate, then `check` (which throws to refuse). */
  const authenticateThen = (check: (auth: AuthContext) => void) => (request: FastifyRequest) => {
    const pending = authenticate(request);
    if (pending) return pending.then(() => check(authOf(request)));
    check(authOf(request));
    return undefined;
  };
  const requireRule = (rule: AccessRule): Guard =>
    guard(
      authenticateThen((auth) => {
        if (!satisfies(accessSubject(auth), rule)) throw forbidden();
      }),
    );
  return {
    resolve,
    requireAuth: guard(authenticate),
    requireRule,
    requireAnyRule: (rules) =>
      guard(
        authenticateThen((auth) => {
          const subject = accessSubject(auth);
          if (!rules.some((rule) => satisfies(subject, rule))) throw forbidden();
        }),
      ),
    requireRoles: (...roles) => requireRule({ authorizedRoles: roles }),
    requirePlatformAdmin: guard(
      authenticateThen((auth) => {
        if (!auth.user.isAdmin || auth.simulated) throw forbidden();
      }),
    ),
  };
}
