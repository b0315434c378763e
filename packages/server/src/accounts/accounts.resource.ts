import { CACHE_KEYS } from '@regie/contract/cache';
import { accountsResource } from '@regie/contract/resources/accounts';
import { accounts } from '../db/accounts.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { resourceEntry } from '../resources/resources.types.ts';
import { newAccountKey } from './accounts.service.ts';

export const ACCOUNT_MESSAGES = { deleteOwn: 'You cannot delete the account you belong to' } as const;

/** Customer accounts: the server makes the account key; an account with users cannot be deleted (409). */
export const accountsEntry = resourceEntry({
  definition: accountsResource,
  table: accounts,
  hooks: {
    prepare: (values, { action }) => (action === 'create' ? { ...values, accountKey: newAccountKey() } : values),
    beforeDelete: (row, { auth }) => {
      if (row.id === auth.ownAccount.id) throw badRequest(ACCOUNT_MESSAGES.deleteOwn);
    },
  },
  purges: (row) => [CACHE_KEYS.adminPayload(Number(row.id))],
});
