import type { ModuleCode } from './modules.ts';
import type { Role } from './roles.ts';

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
  const { roles, modules } = effectiveGrants(subject);
  if (rule.authorizedRoles?.length && !rule.authorizedRoles.some((role) => roles.includes(role))) {
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
  if (required.length) rule.requiredModules = required;
  if (authorizedModules) rule.authorizedModules = authorizedModules;
  if (accessLevel) rule.accessLevel = accessLevel;
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
