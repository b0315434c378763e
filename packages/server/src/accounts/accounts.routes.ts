import {
  ACCOUNT_DIRECTORY_RULE,
  accountGroupsResponse,
  accountModulesResponse,
  accountSportsResponse,
  groupAccountsResponse,
  groupRolesResponse,
  groupUsersResponse,
  idParams,
  modulesCatalogResponse,
  rolesCatalogResponse,
} from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { accountsResource } from '@regie/contract/resources/accounts';
import { isRole, ROLE_MODULES } from '@regie/contract/roles';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sportsOfAccount } from '../common/common.routes.ts';
import type { Db } from '../db/database.ts';
import { modules, roles } from '../db/reference.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  findAccount,
  findGroup,
  groupsOfAccount,
  modulesByCode,
  rolesOfGroup,
  usersOfGroup,
} from './accounts.service.ts';

interface AccountsRoutesOptions {
  db: Db;
  guards: Guards;
}

type App = Parameters<FastifyPluginAsyncZod<AccountsRoutesOptions>>[0];

/** The options of a directory call: ACCOUNT_DIRECTORY_RULE, an id in the path, one 200 schema. */
function directoryRoute<Response>(guards: Guards, summary: string, response: Response) {
  return {
    onRequest: guards.requireRule(ACCOUNT_DIRECTORY_RULE),
    schema: {
      tags: ['accounts'],
      security: BEARER,
      summary,
      params: idParams,
      response: { 200: response, ...errorResponses(401, 403, 404) },
    },
  };
}

/** The group, once checked to be in scope. */
async function scopedGroup(db: Db, request: Parameters<typeof authOf>[0], groupId: number) {
  const group = await findGroup(db, groupId);
  assertInScope(authOf(request), group.accountId, HTTP_MESSAGES.groupNotFound(groupId));
  return group;
}

async function scopedAccount(db: Db, request: Parameters<typeof authOf>[0], accountId: number) {
  const account = await findAccount(db, accountId);
  assertInScope(authOf(request), account.id, HTTP_MESSAGES.accountNotFound(accountId));
  return account;
}

/** The role and module catalogues: any signed-in user. */
function catalogRoutes(app: App, { db, guards }: AccountsRoutesOptions): void {
  const catalog = { onRequest: guards.requireAuth, tags: ['accounts'], security: BEARER };
  app.get(
    paths.roles,
    {
      onRequest: catalog.onRequest,
      schema: {
        tags: catalog.tags,
        security: catalog.security,
        summary: 'The catalogue of roles, each with the modules that allow it (spec §3, §6)',
        response: { 200: rolesCatalogResponse, ...errorResponses(401) },
      },
    },
    async () =>
      (await db.select().from(roles).orderBy(asc(roles.name))).map(({ id, name }) => ({
        id,
        name,
        modules: isRole(name) ? [...(ROLE_MODULES[name] ?? [])] : [],
      })),
  );

  app.get(
    paths.modules,
    {
      onRequest: catalog.onRequest,
      schema: {
        tags: catalog.tags,
        security: catalog.security,
        summary: 'The catalogue of numbered modules (spec §3, §6)',
        response: { 200: modulesCatalogResponse, ...errorResponses(401) },
      },
    },
    () => db.select().from(modules).orderBy(asc(modules.id)),
  );
}

function groupRoutes(app: App, { db, guards }: AccountsRoutesOptions): void {
  app.get(
    paths.groupAccounts(':id'),
    directoryRoute(guards, 'The account owning a group', groupAccountsResponse),
    async (request) => {
      const group = await scopedGroup(db, request, request.params.id);
      const account = await findAccount(db, group.accountId);
      return [{ id: account.id, name: account.name }];
    },
  );

  app.get(
    paths.groupRoles(':id'),
    directoryRoute(guards, 'The roles a group grants', groupRolesResponse),
    async (request) => {
      await scopedGroup(db, request, request.params.id);
      return rolesOfGroup(db, request.params.id);
    },
  );

  app.get(
    paths.groupUsers(':id'),
    directoryRoute(guards, 'The members of a group', groupUsersResponse),
    async (request) => {
      await scopedGroup(db, request, request.params.id);
      return usersOfGroup(db, request.params.id);
    },
  );
}

function accountRoutes(app: App, { db, guards }: AccountsRoutesOptions): void {
  app.get(
    paths.accountModules(':id'),
    directoryRoute(guards, "An account's modules", accountModulesResponse),
    async (request) => {
      const account = await scopedAccount(db, request, request.params.id);
      return modulesByCode(db, account.modules);
    },
  );

  app.get(
    paths.accountGroups(':id'),
    directoryRoute(guards, "An account's groups with their roles", accountGroupsResponse),
    async (request) => {
      const account = await scopedAccount(db, request, request.params.id);
      return groupsOfAccount(db, account.id);
    },
  );

  // The choices of an account's config.sportId (customers' config tab): read like the account.
  app.get(
    paths.accountSports(':id'),
    {
      onRequest: guards.requireRule(accountsResource.access.read),
      schema: {
        tags: ['accounts'],
        security: BEARER,
        summary: "The sports an account sees: the platform's and its own",
        params: idParams,
        response: { 200: accountSportsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => sportsOfAccount(db, (await findAccount(db, request.params.id)).id),
  );
}

/** Groups and accounts of the users service; each record must belong to the account acted for. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  catalogRoutes(app, options);
  groupRoutes(app, options);
  accountRoutes(app, options);
};
