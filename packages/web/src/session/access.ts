import { READ_ONLY_ROLE } from '@regie/contract/access';
import { landingRoute, type UserAccess } from '@regie/contract/routes';
import { useMemo } from 'react';
import { PRODUCTION_BUILD } from '../app/build-env.ts';
import { useSession } from './current-session.ts';
import type { SessionUser } from './session-store.ts';

/**
 * Who the access rule looks at (spec §6): the user's own roles and modules, and while an admin
 * acts for an account, that account's, as the context reported them.
 */
export function accessSubject(user: SessionUser | null, productionBuild: boolean): UserAccess {
  if (!user) return { roles: [], modules: [], productionBuild };
  const roles = user.Roles.map((role) => role.name);
  // Acting for an account in read-only mode writes nothing, as read_only (the server refuses too).
  if (user.simulated && user.acting?.readOnly && !roles.includes(READ_ONLY_ROLE)) roles.push(READ_ONLY_ROLE);
  return {
    roles,
    modules: user.Modules.map((module) => module.code),
    accessLevel: user.accessLevel,
    simulatedAccount: user.simulated ? { roles: user.roles, modules: user.modules } : null,
    productionBuild,
  };
}

/** Where the user lands: the server's homepage, else the contract's landing rule. */
export function homepageOf(user: SessionUser): string {
  return user.homepage || landingRoute(accessSubject(user, PRODUCTION_BUILD));
}

export function useAccessSubject(): UserAccess {
  const { user } = useSession();
  return useMemo(() => accessSubject(user, PRODUCTION_BUILD), [user]);
}

/** A `lastpath` worth following: a path of this site, not another host. */
export function safeLastPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return null;
  return value;
}
