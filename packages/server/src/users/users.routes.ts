import { satisfies } from '@regie/contract/access';
import { ACCOUNT_DIRECTORY_RULE, idParams, mayReadGroupsOf, userGroupsResponse } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import {
  type MeContextResponse,
  type MeResponse,
  meContextResponse,
  meResponse,
  oauthResponse,
  updateMeBody,
  updateMeResponse,
} from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupsOfUser } from '../accounts/accounts.service.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { cachedJsonSerializer } from '../http/cached-json.ts';
import { forbidden } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';
import { type AuthContext, accessSubject, assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { RequestAccount, RequestUser } from '../tenancy/tenancy.service.ts';
import { findUserAccountId, getContext, getMe, getOauth, updateMeta } from './users.service.ts';

interface UsersRoutesOptions {
  db: Db;
  guards: Guards;
  signedIn: Cache;
}

type App = Parameters<FastifyPluginAsyncZod<UsersRoutesOptions>>[0];

const common = { tags: ['users'], security: BEARER };

/**
 * The context of a user acting for their own account, per signed-in user object (the cached
 * one, replaced when its cache entry is): the same answer object call after call, whose JSON
 * the serializer keeps. Worked out again when the account or the groups are new objects.
 */
const contexts = new WeakMap<
  RequestUser,
  { account: RequestAccount; groups: MeContextResponse['Groups']; context: MeContextResponse }
>();

/** The context of a user acting for their own account: the same object while nothing changed. */
function ownContext(auth: AuthContext, groups: MeContextResponse['Groups']): MeContextResponse {
  const known = contexts.get(auth.user);
  if (known && known.account === auth.account && known.groups === groups) return known.context;
  const context = getContext(auth, groups);
  contexts.set(auth.user, { account: auth.account, groups, context });
  return context;
}

/** Entries kept beside the signed-in context go with it: when the user or their account changes. */
const userTags = (auth: AuthContext) => [AUTH_TAGS.user(auth.user.id), AUTH_TAGS.account(auth.ownAccount.id)];

/** What the signed-in user reads of themself: profile, context, linked social accounts. */
function meReadRoutes(app: App, { db, guards, signedIn }: UsersRoutesOptions): void {
  app.get(
    paths.me,
    {
      onRequest: guards.requireAuth,
      serializerCompiler: cachedJsonSerializer,
      schema: { ...common, summary: 'The signed-in user', response: { 200: meResponse, ...errorResponses(401, 403) } },
    },
    (request) => {
      // Asked by every screen load: kept beside the signed-in context and dropped with it.
      const auth = authOf(request);
      const key = `me:${auth.user.id}`;
      return (
        signedIn.peek<MeResponse>(key) ?? signedIn.getOrLoad(key, () => getMe(db, auth), { tags: () => userTags(auth) })
      );
    },
  );

  app.get(
    paths.meContext,
    {
      onRequest: guards.requireAuth,
      serializerCompiler: cachedJsonSerializer,
      schema: {
        ...common,
        summary: 'Roles, modules, languages and home page of the account the request acts for',
        response: { 200: meContextResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => {
      const auth = authOf(request);
      // The user's groups are the one thing the signed-in context does not hold: cached beside it.
      const key = `groups:${auth.user.id}`;
      const groups = signedIn.peek<MeContextResponse['Groups']>(key);
      // Answered at once (no promise) when the groups are cached and the account is the user's own.
      if (groups && !auth.simulated) return ownContext(auth, groups);
      return signedIn
        .getOrLoad(key, () => groupsOfUser(db, auth.user.id), { tags: () => userTags(auth) })
        .then((loaded) => (auth.simulated ? getContext(auth, loaded) : ownContext(auth, loaded)));
    },
  );

  app.get(
    paths.meOauth,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Linked social accounts',
        response: { 200: oauthResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getOauth(db, authOf(request).user.id),
  );
}

function updateMeRoute(app: App, { db, guards, signedIn }: UsersRoutesOptions): void {
  app.put(
    paths.me,
    {
      onRequest: guards.requireAuth,
      // Preferences given as they are change nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes the signed-in user's preferences (meta, e.g. language)",
        body: updateMeBody,
        response: { 200: updateMeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const updated = await updateMeta(db, auditSourceOf(request), user.id, request.body.meta);
      signedIn.purge(AUTH_TAGS.user(user.id));
      return updated;
    },
  );
}

function userGroupsRoute(app: App, { db, guards }: UsersRoutesOptions): void {
  app.get(
    paths.userGroups(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: "A user's groups: one's own for anyone, another's with manage_users or manage_customer_accounts",
        params: idParams,
        response: { 200: userGroupsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const directory = satisfies(accessSubject(auth), ACCOUNT_DIRECTORY_RULE);
      if (!mayReadGroupsOf(request.params.id, auth.user.id, directory)) throw forbidden();
      // One's own groups stay readable while an admin acts for another account.
      if (request.params.id !== auth.user.id) {
        const message = HTTP_MESSAGES.userNotFound(request.params.id);
        assertInScope(auth, await findUserAccountId(db, request.params.id), message);
      }
      return groupsOfUser(db, request.params.id);
    },
  );
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  meReadRoutes(app, options);
  updateMeRoute(app, options);
  userGroupsRoute(app, options);
};
