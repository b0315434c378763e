import { and, eq, isNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { accounts, groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { actingSessions, sessions } from '../db/sessions.table.ts';
import { sports } from '../db/sports.table.ts';
import { userGroups, users } from '../db/users.table.ts';
import { roleNamesOf } from './tenancy.service.ts';

/** The account an admin acts for, found by the x-account-key header in the same statement. */
const acting = alias(accounts, 'acting');

/**
 * The sport an account's config names (contract `accountConfig.sportId`), when it is a sport the
 * account sees: the platform's or its own (a deleted or foreign one counts as none).
 */
function accountSport(account: { id: AnyPgColumn; config: AnyPgColumn }) {
  const configured = sql`case when jsonb_typeof(${account.config} -> 'sportId') = 'number'
    then (${account.config} ->> 'sportId')::numeric end`;
  return sql<number | null>`(select ${sports.id} from ${sports}
    where ${sports.id} = ${configured} and (${sports.accountId} is null or ${sports.accountId} = ${account.id}))`;
}

/**
 * Session, user, own account, the acting account, its acting session and every role list in one statement,
 * prepared once per process: a signed-in request that misses the cache costs one round trip.
 */
export function prepareSignedInQuery(db: Db) {
  return (
    db
      .select({
        session: {
          id: sessions.id,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          revokedAt: sessions.revokedAt,
        },
        user: {
          id: users.id,
          username: users.username,
          name: users.name,
          accessLevel: users.accessLevel,
          accountId: users.accountId,
          meta: users.meta,
          disabled: users.disabled,
        },
        account: {
          id: accounts.id,
          name: accounts.name,
          accountKey: accounts.accountKey,
          modules: accounts.modules,
          sportId: accountSport(accounts),
        },
        userRoles: roleNamesOf(
          sql`select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${users.id}`,
        ),
        accountRoles: roleNamesOf(sql`select ${groups.id} from ${groups} where ${groups.accountId} = ${accounts.id}`),
        acting: {
          id: acting.id,
          name: acting.name,
          accountKey: acting.accountKey,
          modules: acting.modules,
          sportId: accountSport(acting),
        },
        actingRoles: roleNamesOf(sql`select ${groups.id} from ${groups} where ${groups.accountId} = ${acting.id}`),
        actingSession: {
          id: actingSessions.id,
          reason: actingSessions.reason,
          readOnly: actingSessions.readOnly,
          startedAt: actingSessions.startedAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(acting, eq(acting.accountKey, sql.placeholder('accountKey')))
      // The session's open acting session, when it is for that account (issue 26: acting needs one).
      .leftJoin(
        actingSessions,
        and(
          eq(actingSessions.sessionId, sessions.id),
          eq(actingSessions.accountId, acting.id),
          isNull(actingSessions.endedAt),
        ),
      )
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('regie_signed_in')
  );
}

export type SignedInQuery = ReturnType<typeof prepareSignedInQuery>;
export type SignedInRow = Awaited<ReturnType<SignedInQuery['execute']>>[number];
