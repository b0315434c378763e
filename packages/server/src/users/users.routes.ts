import { ACCOUNT_DIRECTORY_RULE, idParams, userGroupsResponse } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { meContextResponse, meResponse, oauthResponse, updateMeBody, updateMeResponse } from '@regie/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupsOfUser } from '../accounts/accounts.service.ts';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { findUserAccountId, getContext, getMe, getOauth, updateMeta } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  const common = { tags: ['users'], security: BEARER };

  app.get(
    paths.me,
    {
      onRequest: guards.requireAuth,
      schema: { ...common, summary: 'The signed-in user', response: { 200: meResponse, ...errorResponses(401, 403) } },
    },
    (request) => getMe(db, authOf(request)),
  );

  app.get(
    paths.meContext,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Roles, modules, languages and home page of the account the request acts for',
        response: { 200: meContextResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getContext(db, authOf(request)),
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

  app.put(
    paths.me,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: "Changes the signed-in user's preferences (meta, e.g. language)",
        body: updateMeBody,
        response: { 200: updateMeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => updateMeta(db, authOf(request).user.id, request.body.meta),
  );

  app.get(
    paths.userGroups(':id'),
    {
      onRequest: guards.requireRule(ACCOUNT_DIRECTORY_RULE),
      schema: {
        ...common,
        summary: "A user's groups",
        params: idParams,
        response: { 200: userGroupsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const message = `User ${request.params.id} not found`;
      assertInScope(authOf(request), await findUserAccountId(db, request.params.id), message);
      return groupsOfUser(db, request.params.id);
    },
  );
};
