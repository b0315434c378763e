import { CACHE_KEYS } from '@regie/contract/cache';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { accountsResource } from '@regie/contract/resources/accounts';
import { accounts } from '../db/accounts.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { resourceEntry } from '../resources/resources.types.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';
import { newAccountKey } from './accounts.service.ts';

/** Customer accounts: the server makes the account key; an account with users cannot be deleted (409). */
export const accountsEntry = resourceEntry({
  definition: accountsResource,
  table: accounts,
  hooks: {
    prepare: (values, { action }) => (action === 'create' ? { ...values, accountKey: newAccountKey() } : values),
    beforeDelete: (row, { auth }) => {
      if (row.id === auth.ownAccount.id) throw badRequest(HTTP_MESSAGES.deleteOwnAccount);
    },
  },
  purges: (row) => [CACHE_KEYS.adminPayload(row.id)],
  // Its modules, name and key are part of every signed-in context of its users and simulators.
  revokes: (row) => [AUTH_TAGS.account(row.id)],
});
