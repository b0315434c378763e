import { isPlatformAdmin } from '@regie/contract/access';
import { groupsResource } from '@regie/contract/resources/groups';
import { usersResource } from '@regie/contract/resources/users';
import type { ResourceSetup } from '../../resources/customization.ts';
import { prefetchGroups } from './account-groups.ts';
import { RolesInput } from './GroupFields.tsx';
import { GroupsCell, GroupsFilter, GroupsInput, LanguageCell, LanguageInput, languageOfMeta } from './UserFields.tsx';
import { UsersListScreen } from './UsersListScreen.tsx';

/**
 * /account/users: the generic list and edit screens of `users` (contract resources/users.ts),
 * with the language inside `meta`, the access level for platform admins only, the groups by
 * name, and the account's groups listed under the users.
 */
export const usersSetup: ResourceSetup = {
  resource: usersResource,
  custom: {
    fields: {
      meta: {
        Input: LanguageInput,
        Cell: LanguageCell,
        toForm: languageOfMeta,
        // The server merges meta keys: sending the language keeps the others.
        toBody: (language) => ({ language }),
      },
      accessLevel: { hidden: ({ subject }) => !isPlatformAdmin(subject) },
      groups: { Input: GroupsInput, Cell: GroupsCell, Filter: GroupsFilter, wide: true },
    },
    ListScreen: UsersListScreen,
    // It draws ResourceList, and the account's groups under it.
    listPrefetch: { list: true, also: prefetchGroups },
  },
};

/** /account/users/group/new and group/:groupId: roles as checkboxes of what the account may use. */
export const groupsSetup: ResourceSetup = {
  resource: groupsResource,
  custom: {
    fields: {
      roles: { Input: RolesInput, optionKey: (role) => `role.${role}`, wide: true },
    },
  },
};
