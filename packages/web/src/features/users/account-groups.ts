import { LIST_LIMITS } from '@regie/contract/resources/define';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context.ts';
import type { ApiClient } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import type { ListQuery } from '../../api/resource-api.ts';
import { listPageOptions, referenceLocation } from '../../api/resource-queries.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { initialListState } from '../../resources/list-state.ts';
import { listQueryOf } from '../../resources/use-list-controller.ts';

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

/** The query of the groups (one account's when `accountId` is given): one page, by name. */
function groupsQuery(accountId: number | null): ListQuery {
  const permanent = accountId === null ? undefined : { AccountId: [String(accountId)] };
  return listQueryOf(initialListState(GROUPS_LIST, ONE_PAGE), permanent);
}

function groupsOptions(client: ApiClient, accountId: number | null) {
  return listPageOptions(client, GROUPS, groupsQuery(accountId));
}

/**
 * The groups the user sees (one account's when `accountId` is given), by name. Accounts have a
 * handful of groups: one page at the largest size holds them; `total` tells when it does not.
 * A plain query (no list controller): each row of the users list reads it for its groups' names.
 */
export function useGroups(accountId: number | null = null) {
  const client = useApi();
  const list = useQuery(useMemo(() => groupsOptions(client, accountId), [client, accountId]));
  const groups = useMemo(() => (list.data?.data ?? []).map(toGroup), [list.data]);
  return { groups, total: list.data?.total ?? 0, list };
}

/** Asks for the groups before the users list draws (its listPrefetch): the same key as useGroups. */
export function prefetchGroups(client: ApiClient, queries: QueryClient = queryClient): Promise<void> {
  return queries.prefetchQuery(groupsOptions(client, null));
}

/** A group granting the platform admin role: only platform admins may put people in it. */
export function grantsAdminRole(group: Pick<GroupRecord, 'roles'>): boolean {
  return group.roles.includes(ADMIN_ROLE);
}
