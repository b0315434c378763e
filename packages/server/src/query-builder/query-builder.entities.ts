import { ACCOUNT_FIELD, type EntityName, type FieldName } from '@regie/contract/query-builder';
import { type Column, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { accounts } from '../db/accounts.table.ts';
import { competitions } from '../db/competitions.table.ts';
import { events } from '../db/events.table.ts';
import { fans } from '../db/fans.table.ts';
import { plays } from '../db/plays.table.ts';
import { sports } from '../db/sports.table.ts';
import { users } from '../db/users.table.ts';
import { videos } from '../db/videos.table.ts';

/**
 * Where each whitelisted field of the contract (query-builder.ts) lives in SQL: its entity's table,
 * the column or joined column, and the joins it needs. Only these identifiers ever reach a query;
 * the `Record<FieldName<…>>` types make a field declared in the contract without a column a
 * compile error.
 */

export interface Join {
  table: PgTable;
  on: SQL;
}

export interface EntitySql<Entity extends EntityName> {
  table: PgTable;
  /** The keyset of the export and the order of plain rows (newest first). */
  id: Column;
  accountId: Column;
  /** Rows of the table that are not the entity (videos vs clips share a table). */
  only?: SQL;
  fields: Record<FieldName<Entity>, { column: SQL | Column; join?: Join }>;
}

const accountJoin = (accountId: Column): Join => ({ table: accounts, on: sql`${accounts.id} = ${accountId}` });
const account = (accountId: Column) => ({ column: accounts.name, join: accountJoin(accountId) });

const fansSql: EntitySql<'fans'> = {
  table: fans,
  id: fans.id,
  accountId: fans.accountId,
  fields: {
    id: { column: fans.id },
    email: { column: fans.email },
    nickname: { column: fans.nickname },
    firstName: { column: fans.firstName },
    lastName: { column: fans.lastName },
    country: { column: fans.country },
    language: { column: fans.language },
    isBlocked: { column: fans.isBlocked },
    createdAt: { column: fans.createdAt },
    lastActiveAt: { column: fans.lastActiveAt },
    [ACCOUNT_FIELD]: account(fans.accountId),
  },
};

const eventsSql: EntitySql<'events'> = {
  table: events,
  id: events.id,
  accountId: events.accountId,
  fields: {
    id: { column: events.id },
    name: { column: events.name },
    state: { column: events.state },
    startsAt: { column: events.startsAt },
    endsAt: { column: events.endsAt },
    venue: { column: events.venue },
    published: { column: events.published },
    sport: { column: sports.name, join: { table: sports, on: sql`${sports.id} = ${events.sportId}` } },
    competition: {
      column: competitions.name,
      join: { table: competitions, on: sql`${competitions.id} = ${events.competitionId}` },
    },
    createdAt: { column: events.createdAt },
    [ACCOUNT_FIELD]: account(events.accountId),
  },
};

const videosSql: EntitySql<'videos'> = {
  table: videos,
  id: videos.id,
  accountId: videos.accountId,
  // Clips are videos cut from another (clipInSeconds set): the clips entity.
  only: isNull(videos.clipInSeconds),
  fields: {
    id: { column: videos.id },
    title: { column: videos.title },
    state: { column: videos.state },
    published: { column: videos.published },
    duration: { column: videos.duration },
    size: { column: videos.size },
    contentType: { column: videos.contentType },
    owner: { column: users.username, join: { table: users, on: sql`${users.id} = ${videos.ownerId}` } },
    createdAt: { column: videos.createdAt },
    [ACCOUNT_FIELD]: account(videos.accountId),
  },
};

const playsSql: EntitySql<'plays'> = {
  table: plays,
  id: plays.id,
  accountId: plays.accountId,
  fields: {
    id: { column: plays.id },
    playedAt: { column: plays.playedAt },
    videoId: { column: plays.videoId },
    video: { column: videos.title, join: { table: videos, on: sql`${videos.id} = ${plays.videoId}` } },
    eventId: { column: plays.eventId },
    event: { column: events.name, join: { table: events, on: sql`${events.id} = ${plays.eventId}` } },
    [ACCOUNT_FIELD]: account(plays.accountId),
  },
};

const clipsSql: EntitySql<'clips'> = {
  table: videos,
  id: videos.id,
  accountId: videos.accountId,
  only: isNotNull(videos.clipInSeconds),
  fields: {
    id: { column: videos.id },
    title: { column: videos.title },
    state: { column: videos.state },
    published: { column: videos.published },
    duration: { column: sql`(${videos.clipOutSeconds} - ${videos.clipInSeconds})` },
    event: { column: events.name, join: { table: events, on: sql`${events.id} = ${videos.clipEventId}` } },
    createdAt: { column: videos.createdAt },
    [ACCOUNT_FIELD]: account(videos.accountId),
  },
};

const usersSql: EntitySql<'users'> = {
  table: users,
  id: users.id,
  accountId: users.accountId,
  fields: {
    id: { column: users.id },
    username: { column: users.username },
    name: { column: users.name },
    accessLevel: { column: users.accessLevel },
    disabled: { column: users.disabled },
    createdAt: { column: users.createdAt },
    [ACCOUNT_FIELD]: account(users.accountId),
  },
};

export const ENTITY_SQL: { readonly [Entity in EntityName]: EntitySql<Entity> } = {
  fans: fansSql,
  events: eventsSql,
  videos: videosSql,
  plays: playsSql,
  clips: clipsSql,
  users: usersSql,
};

/** A field's SQL, looked up by a name already checked against the contract's whitelist. */
export function fieldSql(entity: EntityName, name: string): { column: SQL | Column; join?: Join } {
  const fields = ENTITY_SQL[entity].fields as Record<string, { column: SQL | Column; join?: Join }>;
  const found = fields[name];
  if (!found) throw new Error(`No SQL for the query builder's field ${entity}.${name}`);
  return found;
}
