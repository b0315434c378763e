import { LIST_LIMITS } from '@regie/contract/resources/define';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { useMemo } from 'react';
import { referenceLocation } from '../../api/resource-queries.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';

/** A group as GET groups answers it. */
export interface GroupRecord {
  id: number;
  AccountId: number | null;
  name: string;
  roles: string[];
  users: number[];
}

export const GROUPS = referenceLocation('groups');
/** The groups as a list: by name, narrowed to an account by the caller only. */
const GROUPS_LIST = {
  ...GROUPS,
  filters: [],
  sortable: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
} as const;
const ONE_PAGE = { pageSize: LIST_LIMITS.maxLimit } as const;

function toGroup(record: ResourceRecord): GroupRecord {
  return {
    id: record.id,
    AccountId: typeof record.AccountId === 'number' ? record.AccountId : null,
    name: typeof record.name === 'string' ? record.name : `#${record.id}`,
    roles: Array.isArray(record.roles) ? record.roles.map(String) : [],
    users: Array.isArray(record.users) ? record.users.filter((id): id is number => typeof id === 'number') : [],
  };
}

/**
 * The groups the user sees (one account's when `accountId` is given), by name. Accounts have a
 * handful of groups: one page at the largest size holds them; `total` tells when it does not.
 */
export function useGroups(accountId: number | null = null) {
  const permanentFilters = useMemo(
    (): Readonly<Record<string, readonly string[]>> => (accountId === null ? {} : { AccountId: [String(accountId)] }),
    [accountId],
  );
  const { list, total } = useLocalListController(GROUPS_LIST, { initial: ONE_PAGE, permanentFilters });
  const groups = useMemo(() => (list.data?.data ?? []).map(toGroup), [list.data]);
  return { groups, total, list };
}

/** A group granting the platform admin role: only platform admins may put people in it. */
export function grantsAdminRole(group: Pick<GroupRecord, 'roles'>): boolean {
  return group.roles.includes(ADMIN_ROLE);
}
