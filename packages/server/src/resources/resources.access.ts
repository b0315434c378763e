import { mayUseResource } from '@regie/contract/resources/permissions';
import { and, eq, isNull, or, type Placeholder, type SQL } from 'drizzle-orm';
import { forbidden } from '../http/http.errors.ts';
import { type AuthContext, accessSubject } from '../tenancy/tenancy.guards.ts';
import { accountColumn } from './resources.columns.ts';
import type { EngineDefinition, ResourceEntry, Row } from './resources.types.ts';

/**
 * Who may do what with a resource (spec §6): the declaration's access rules against the
 * request's roles and modules (a simulated account's for an admin), then its tenancy.
 */

/** An admin acting for no account: sees every account's records. */
export function actsForPlatform(auth: AuthContext): boolean {
  return auth.user.isAdmin && !auth.simulated;
}

/** The read rule; `read_only` adds no reading of its own (contract READ_ONLY_ROLE). */
export function mayRead(definition: EngineDefinition, auth: AuthContext): boolean {
  return mayUseResource(accessSubject(auth), definition, 'read');
}

/** The write rule, never with read_only; platform records are written by platform admins only. */
export function mayWrite(definition: EngineDefinition, auth: AuthContext): boolean {
  return mayUseResource(accessSubject(auth), definition, 'write');
}

export function assertMayRead(definition: EngineDefinition, auth: AuthContext): void {
  if (!mayRead(definition, auth)) throw forbidden();
}

export function assertMayWrite(definition: EngineDefinition, auth: AuthContext): void {
  if (!mayWrite(definition, auth)) throw forbidden();
}

/**
 * The rows the request sees: its account's ('account'), plus the platform's ('shared'), every
 * row for platform records or an admin acting for no account; narrowed by the entry's `scope`.
 * Undefined means no restriction.
 */
export function visibleRows(entry: ResourceEntry, auth: AuthContext): SQL | undefined {
  const scope = entry.scope?.(auth);
  if (seesEveryAccount(entry, auth)) return scope;
  return and(accountRows(entry, auth.account.id), scope);
}

/**
 * The rows of one account (with the platform's for 'shared' tenancy), the account id given or a
 * prepared statement's placeholder; undefined for a table without accounts.
 */
export function accountRows(entry: ResourceEntry, account: number | Placeholder): SQL | undefined {
  const owner = accountColumn(entry);
  if (!owner) return undefined;
  if (entry.definition.tenancy === 'shared') return or(isNull(owner), eq(owner, account));
  return eq(owner, account);
}

/** True when visibleRows does not narrow to an account (a platform table, an admin for no account). */
export function seesEveryAccount(entry: ResourceEntry, auth: AuthContext): boolean {
  return !accountColumn(entry) || entry.definition.tenancy === 'platform' || actsForPlatform(auth);
}

/**
 * The account a new record belongs to: the account the request acts for (the simulated one for
 * an admin), whatever the body says; null for platform records and for the platform's own
 * 'shared' records, made by an admin acting for no account.
 */
export function ownerOfNewRecord(entry: ResourceEntry, auth: AuthContext): number | null {
  if (!accountColumn(entry)) return null;
  const { tenancy } = entry.definition;
  if (tenancy === 'platform') return null;
  if (tenancy === 'shared' && actsForPlatform(auth)) return null;
  return auth.account.id;
}

/** The owner of a stored row (null for platform rows). */
export function ownerOf(entry: ResourceEntry, row: Row): number | null {
  const value = accountColumn(entry) ? row.accountId : null;
  return typeof value === 'number' ? value : null;
}

/** A visible row may be changed, except the platform's 'shared' rows by anyone but a platform admin. */
export function assertMayChange(entry: ResourceEntry, auth: AuthContext, row: Row): void {
  if (entry.definition.tenancy !== 'shared') return;
  if (ownerOf(entry, row) === null && !actsForPlatform(auth)) throw forbidden();
}
