import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import type { ResourceEntry } from './resources.types.ts';

/**
 * Spec §6: while an admin acts for an account, the web client adds that account's AccountId and
 * SportId to every query. They say what the account is about and must never hide its data: an
 * admin acting for an account sees what its own users see (issue 24.1). The one rule, applied to
 * a list's (normalised) query before it is read or its kept answer looked up:
 * - AccountId, while acting for an account, is that account (tenancy.simulation.ts refused any
 *   other): the rows it sees are already its own, so it narrows nothing further; as a filter it
 *   would drop the platform's shared rows (sports, the FAQ) that the account's users see.
 * - SportId narrows every resource whose declaration has a `sportId` field to that sport, as
 *   `sportId` does (issue 40.3: `SportId=2` and `SportId=999` answered the same), and keeps the
 *   records without a sport: such a record is about every sport (a marker type of every sport, a
 *   press conference), so the acting admin, whose client adds the account's SportId to every
 *   query, still sees everything the account's users see. On a resource without a sport it
 *   narrows nothing.
 * A user's own choice of sport is the declared filter `sportId`, which this leaves alone: it keeps
 * only the records of that sport.
 */
export function withAccountContext(
  entry: ResourceEntry,
  auth: AuthContext,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const { AccountId, SportId, ...rest } = query;
  const kept: Record<string, unknown> = rest;
  if (AccountId !== undefined && !auth.simulated) kept.AccountId = AccountId;
  if ('sportId' in entry.definition.fields.shape && Array.isArray(SportId) && SportId.length > 0) {
    kept.SportId = SportId.map(Number);
  }
  return kept;
}
