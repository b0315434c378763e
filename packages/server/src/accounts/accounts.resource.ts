import { type ModuleRef, moduleRef } from '@regie/contract/auth';
import { CACHE_KEYS } from '@regie/contract/cache';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { isRecord } from '@regie/contract/guards';
import { MODULES } from '@regie/contract/modules';
import { accountsResource } from '@regie/contract/resources/accounts';
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { sports } from '../db/sports.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { resourceEntry } from '../resources/resources.types.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';
import { newAccountKey } from './accounts.service.ts';

/**
 * The sport an account is about (contract `accountConfig.sportId`) is one it sees: the platform's,
 * or its own (none yet for a new account); another account's, or none, is refused (400).
 */
async function checkAccountSport(db: Db, config: unknown, accountId: number | null): Promise<void> {
  const sportId = isRecord(config) ? config.sportId : null;
  if (typeof sportId !== 'number') return;
  const owner =
    accountId === null ? isNull(sports.accountId) : or(isNull(sports.accountId), eq(sports.accountId, accountId));
  const [found] = await db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.id, sportId), owner))
    .limit(1);
  if (found) return;
  const message = HTTP_MESSAGES.accountSportNotSeen(sportId);
  throw badRequest(message, [{ path: 'config.sportId', message }]);
}

const MODULES_BY_CODE = new Map(MODULES.map((module) => [module.code as string, module]));

/** An account's module codes as the spec's Modules ({id, code, name}), in id order. */
function modulesOf(codes: readonly string[]): ModuleRef[] {
  return codes
    .map((code) => MODULES_BY_CODE.get(code))
    .filter((module): module is (typeof MODULES)[number] => module !== undefined)
    .sort((a, b) => a.id - b.id)
    .map(({ id, code, name }) => ({ id, code, name }));
}

/** Customer accounts: the server makes the account key; an account with users cannot be deleted (409). */
export const accountsEntry = resourceEntry({
  definition: accountsResource,
  table: accounts,
  hooks: {
    prepare: async (values, { action, db, existing }) => {
      // Checked when it changes: a config saved again with the sport it had (maybe deleted since) passes.
      const before = isRecord(existing?.config) ? existing.config.sportId : undefined;
      if (isRecord(values.config) && values.config.sportId !== before) {
        await checkAccountSport(db, values.config, existing?.id ?? null);
      }
      return action === 'create' ? { ...values, accountKey: newAccountKey() } : values;
    },
    beforeDelete: (row, { auth }) => {
      if (row.id === auth.ownAccount.id) throw badRequest(HTTP_MESSAGES.deleteOwnAccount);
    },
  },
  // Spec §3's account: id, name, Groups (each with id), Roles (collected from its groups), Modules.
  readExpands: ['Groups', 'Roles'],
  present: {
    fields: { Modules: z.array(moduleRef) },
    add: (row) => ({ Modules: modulesOf(row.modules) }),
  },
  purges: (row) => [CACHE_KEYS.adminPayload(row.id)],
  // Its modules, name and key are part of every signed-in context of its users and simulators.
  revokes: (row) => [AUTH_TAGS.account(row.id)],
});
