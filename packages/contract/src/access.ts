import { actingPaths } from './acting.ts';
import { paths } from './api.ts';
import type { ModuleCode } from './modules.ts';
import { queryPaths } from './query-builder.ts';
import { ADMIN_ROLE, type Role } from './roles.ts';

/** Access metadata a menu item or an API resource may carry (spec §6 "Access rule"). */
export interface AccessRule {
  /** The user needs one of these roles. */
  authorizedRoles?: readonly Role[];
  /** The user needs every one of these modules. */
  requiredModules?: readonly ModuleCode[];
  /** The user needs one of these modules. */
  authorizedModules?: readonly ModuleCode[];
  /** The user's access level must be at least this. */
  accessLevel?: number;
  /**
   * Only a platform administrator, by their own roles and level, acting for an account or not:
   * the admin tools, which work on the account acted for (generate its events, map its feeds)
   * and would vanish if the account's grants replaced the admin's (spec §6) as they do elsewhere.
   */
  platformAdmin?: boolean;
  /**
   * A platform administrator passes the roles check by their own roles, acting for an account or
   * not (the audit screen: an administrator reads the trail of the account acted for even when
   * its grants hold no manage_users). Modules and the access level still apply. Part of the roles
   * clause: a child that sets its own roles does not inherit it.
   */
  rolesOrPlatformAdmin?: boolean;
}

/** What the access rule looks at: the user, and the account an admin is acting for, if any. */
export interface AccessSubject {
  roles: readonly string[];
  modules: readonly string[];
  accessLevel?: number;
  /** An admin's selected account: its roles and modules replace the admin's own. */
  simulatedAccount?: { roles: readonly string[]; modules: readonly string[] } | null;
}

export const DEFAULT_ACCESS_LEVEL = 0;
/** The access level of the platform's own staff, outside every customer account. */
export const PLATFORM_ADMIN_ACCESS_LEVEL = 1;

/**
 * A platform administrator: holds manage_customer_accounts themself (simulating or not) at the
 * platform's access level. A customer account's user holding the role at level 0 is not one:
 * acting for another account is the platform's power only (spec §6).
 */
export function isPlatformAdmin(subject: Pick<AccessSubject, 'roles' | 'accessLevel'>): boolean {
  return subject.roles.includes(ADMIN_ROLE) && (subject.accessLevel ?? 0) >= PLATFORM_ADMIN_ACCESS_LEVEL;
}

/** The roles and modules that count for this subject right now. */
export function effectiveGrants(subject: AccessSubject): {
  roles: readonly string[];
  modules: readonly string[];
} {
  const source = subject.simulatedAccount ?? subject;
  return { roles: source.roles, modules: source.modules };
}

/** One rule, on its own, against the subject's effective roles and modules. */
export function satisfies(subject: AccessSubject, rule: AccessRule): boolean {
  if (rule.platformAdmin && !isPlatformAdmin(subject)) return false;
  const { roles, modules } = effectiveGrants(subject);
  if (
    rule.authorizedRoles?.length &&
    !rule.authorizedRoles.some((role) => roles.includes(role)) &&
    !(rule.rolesOrPlatformAdmin && isPlatformAdmin(subject))
  ) {
    return false;
  }
  if (rule.requiredModules?.some((code) => !modules.includes(code))) return false;
  if (rule.authorizedModules?.length && !rule.authorizedModules.some((code) => modules.includes(code))) {
    return false;
  }
  const level = subject.accessLevel ?? DEFAULT_ACCESS_LEVEL;
  return level >= (rule.accessLevel ?? 0);
}

/**
 * A child inherits what it does not say from its parent: roles and authorized modules when it
 * sets none, required modules add up, and the access level is the highest along the way.
 */
export function inheritRule(parent: AccessRule, child: AccessRule): AccessRule {
  const required = [...new Set([...(parent.requiredModules ?? []), ...(child.requiredModules ?? [])])];
  const rule: AccessRule = {};
  const roles = child.authorizedRoles ?? parent.authorizedRoles;
  const authorizedModules = child.authorizedModules ?? parent.authorizedModules;
  const accessLevel = Math.max(parent.accessLevel ?? 0, child.accessLevel ?? 0);
  if (roles) rule.authorizedRoles = roles;
  if (child.authorizedRoles ? child.rolesOrPlatformAdmin : parent.rolesOrPlatformAdmin)
    rule.rolesOrPlatformAdmin = true;
  if (required.length) rule.requiredModules = required;
  if (authorizedModules) rule.authorizedModules = authorizedModules;
  if (accessLevel) rule.accessLevel = accessLevel;
  if (parent.platformAdmin || child.platformAdmin) rule.platformAdmin = true;
  return rule;
}

/** True when the subject holds the role (through the simulated account when one is selected). */
export function hasRole(subject: AccessSubject, role: Role): boolean {
  return effectiveGrants(subject).roles.includes(role);
}

/** True when the subject's account has the module. */
export function hasModule(subject: AccessSubject, code: ModuleCode): boolean {
  return effectiveGrants(subject).modules.includes(code);
}

/**
 * Spec §6 `read_only`, decided: it grants no access of its own and takes writing away. A user
 * reads exactly what their other roles (and their account's modules) let them read; holding
 * read_only, they write nothing anywhere: no POST, PUT, PATCH or DELETE, except signing out,
 * their own preferences and the POSTs that only read (READ_ONLY_KEPT_WRITES). A user holding read_only alone sees only what
 * needs no role: the account settings, the FAQ, their jobs and their own profile.
 */
export const READ_ONLY_ROLE = 'read_only' satisfies Role;

/**
 * The non-GET calls a read_only user keeps: they concern the person, not the account's data, or
 * they only read (the query builder's POSTs carry a query in their body and run it in a READ
 * ONLY transaction: server query-builder.service.ts readOnly).
 */
export const READ_ONLY_KEPT_WRITES: readonly { method: string; path: string }[] = [
  { method: 'DELETE', path: paths.logout },
  { method: 'PUT', path: paths.me },
  { method: 'POST', path: queryPaths.run },
  { method: 'POST', path: queryPaths.export },
  // A platform administrator acting in read-only mode may still stop acting, or act for another account.
  { method: 'POST', path: actingPaths.acting },
  { method: 'DELETE', path: actingPaths.acting },
];

/**
 * True when the person holds read_only: their own roles, never a simulated account's (an admin
 * acting for an account with a read_only group keeps writing for it).
 */
export function holdsReadOnly(ownRoles: readonly string[]): boolean {
  return ownRoles.includes(READ_ONLY_ROLE);
}

/** The write rule, and no read_only (the web's write buttons and the server's writes agree). */
export function canWrite(subject: AccessSubject, rule: AccessRule): boolean {
  return satisfies(subject, rule) && !holdsReadOnly(subject.roles);
}
