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
 * - SportId narrows only a resource whose declaration has a `sportId` field, only when it is the
 *   account's own sport (tenancy RequestAccount.sportId, from its config), and keeps the records
 *   without a sport (a marker type of every sport). Any other SportId is dropped: a session that
 *   stored an older SportId, or a sport the account is not about, narrows nothing.
 * A user's own choice of sport is the declared filter `sportId`, which this leaves alone.
 */
export function withAccountContext(
  entry: ResourceEntry,
  auth: AuthContext,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const { AccountId, SportId, ...rest } = query;
  const kept: Record<string, unknown> = rest;
  if (AccountId !== undefined && !auth.simulated) kept.AccountId = AccountId;
  const sport = auth.account.sportId;
  if (sport !== null && 'sportId' in entry.definition.fields.shape && Array.isArray(SportId)) {
    if (SportId.length > 0 && SportId.every((id) => String(id) === String(sport))) kept.SportId = [sport];
  }
  return kept;
}
