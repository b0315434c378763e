import type { FanFilter, ProfileRules } from '@regie/contract/fans.schemas';
import { and, eq, exists, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fanProfileMembers, fanProfiles, fanSearchText, fans, fanTags } from '../db/fans.table.ts';
import { fanProducts } from '../db/payments.table.ts';

/** `%`, `_` and `\` match themselves in a search. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** True when the rules say something (a profile without rules only holds fans added by hand). */
export function hasRules(rules: ProfileRules): boolean {
  return rules.tagIds.length > 0 || rules.activeWithinDays !== null || rules.productIds.length > 0;
}

/**
 * A fan matches a profile's rules when every rule given holds: one of the tags, active in the
 * last N days, bought one of the products.
 */
export function rulesCondition(db: Db, rules: ProfileRules, now = new Date()): SQL {
  if (!hasRules(rules)) return sql`false`;
  const parts: SQL[] = [];
  if (rules.tagIds.length > 0) {
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(fanTags)
          .where(and(eq(fanTags.fanId, fans.id), inArray(fanTags.tagId, rules.tagIds))),
      ),
    );
  }
  if (rules.activeWithinDays !== null) {
    parts.push(gte(fans.lastActiveAt, new Date(now.getTime() - rules.activeWithinDays * 86_400_000)));
  }
  if (rules.productIds.length > 0) {
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(fanProducts)
          .where(and(eq(fanProducts.fanId, fans.id), inArray(fanProducts.productId, rules.productIds))),
      ),
    );
  }
  return and(...parts) ?? sql`true`;
}

/** In the profile: added by hand, or matching its rules. */
export function memberCondition(db: Db, profile: { id: number; rules: ProfileRules }): SQL {
  const byHand = exists(
    db
      .select({ one: sql`1` })
      .from(fanProfileMembers)
      .where(and(eq(fanProfileMembers.profileId, profile.id), eq(fanProfileMembers.fanId, fans.id))),
  );
  return hasRules(profile.rules) ? (or(byHand, rulesCondition(db, profile.rules)) ?? byHand) : byHand;
}

/** The account's profile a filter names, or null when it is not the account's (nothing matches). */
async function profileOf(db: Db, accountId: number, profileId: number) {
  const [found] = await db
    .select({ id: fanProfiles.id, rules: fanProfiles.rules })
    .from(fanProfiles)
    .where(and(eq(fanProfiles.id, profileId), eq(fanProfiles.accountId, accountId)))
    .limit(1);
  return found ?? null;
}

/** The list's filters as one condition, always inside the account acted for. */
export async function filterCondition(db: Db, accountId: number, filter: FanFilter): Promise<SQL> {
  const parts: SQL[] = [eq(fans.accountId, accountId)];
  if (filter.search) {
    // One ILIKE over the indexed text (fans.table.ts fanSearchText): a trigram index lookup.
    parts.push(ilike(fanSearchText(fans), likePattern(filter.search)));
  }
  if (filter.blocked) parts.push(eq(fans.isBlocked, filter.blocked === 'true'));
  // The CRM's status (contract fanStatus): blocked first, then pending until confirmed.
  if (filter.status === 'blocked') parts.push(eq(fans.isBlocked, true));
  if (filter.status === 'pending') parts.push(and(eq(fans.isBlocked, false), isNull(fans.confirmedAt)) as SQL);
  if (filter.status === 'active') parts.push(and(eq(fans.isBlocked, false), isNotNull(fans.confirmedAt)) as SQL);
  if (filter.activeFrom) parts.push(gte(fans.lastActiveAt, new Date(filter.activeFrom)));
  if (filter.activeTo) parts.push(lte(fans.lastActiveAt, new Date(filter.activeTo)));
  if (filter.tagId !== undefined) {
    const tagId = filter.tagId;
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(fanTags)
          .where(and(eq(fanTags.fanId, fans.id), eq(fanTags.tagId, tagId))),
      ),
    );
  }
  if (filter.productId !== undefined) {
    const productId = filter.productId;
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(fanProducts)
          .where(and(eq(fanProducts.fanId, fans.id), eq(fanProducts.productId, productId))),
      ),
    );
  }
  if (filter.profileId !== undefined) {
    const profile = await profileOf(db, accountId, filter.profileId);
    parts.push(profile ? memberCondition(db, profile) : sql`false`);
  }
  return and(...parts) ?? sql`true`;
}
