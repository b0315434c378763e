import {
  type DateBucket,
  type EntityName,
  type ParsedQueryBody,
  QUERY_ENTITIES,
  QUERY_MESSAGES,
  type QueryField,
  type ResultColumn,
} from '@regie/contract/query-builder';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../http/http.errors.ts';
import { ENTITY_SQL } from './query-builder.entities.ts';
import { fieldExpression, groupCondition, type Joins, knownField } from './query-builder.rules.ts';

/**
 * A checked query body as one SELECT: plain rows (every field of the entity, newest first) or
 * groups with their count. Columns are aliased c0, c1… in the order of `columns`; `key` is the
 * entity's id on plain rows (the export's keyset).
 */
export interface TranslatedQuery {
  columns: ResultColumn[];
  grouped: boolean;
  /** The statement reading at most `limit` rows, after the keyset value `after` (plain rows only). */
  statement(limit: number, after?: number | null): SQL;
}

/** null: every account (a platform admin acting for none). */
export type QueryScope = { accountId: number | null };

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** How a field's value leaves the database: dates as ISO text (UTC), numbers as double. */
function output(field: QueryField, expression: SQL | Column): SQL {
  if (field.type === 'date') return sql`to_char(${expression} at time zone 'UTC', ${sql.raw(ISO_TIME)})`;
  if (field.type === 'number') return sql`(${expression})::float8`;
  return sql`${expression}`;
}

const BUCKETS: Readonly<Record<DateBucket, { unit: SQL; format: SQL }>> = {
  day: { unit: sql.raw(`'day'`), format: sql.raw(`'YYYY-MM-DD'`) },
  // Weeks start on Monday (ISO); the bucket is named by its Monday.
  week: { unit: sql.raw(`'week'`), format: sql.raw(`'YYYY-MM-DD'`) },
  month: { unit: sql.raw(`'month'`), format: sql.raw(`'YYYY-MM'`) },
};

function bucketed(expression: SQL | Column, bucket: DateBucket): SQL {
  const { unit, format } = BUCKETS[bucket];
  return sql`to_char(date_trunc(${unit}, ${expression} at time zone 'UTC'), ${format})`;
}

interface Selected {
  column: ResultColumn;
  expression: SQL;
}

function groupColumns(body: ParsedQueryBody, joins: Joins): Selected[] {
  const seen = new Set<string>();
  return body.groupBy.map(({ field: name, bucket }) => {
    const field = knownField(body.entity, name);
    if (!field.groupable) throw badRequest(QUERY_MESSAGES.notGroupable(name));
    if (seen.has(name)) throw badRequest(QUERY_MESSAGES.sameGroupTwice(name));
    seen.add(name);
    if (bucket && field.type !== 'date') throw badRequest(QUERY_MESSAGES.bucketOnDatesOnly(name));
    const expression = fieldExpression(body.entity, name, joins);
    if (field.type !== 'date')
      return { column: { name, field: name, type: field.type }, expression: output(field, expression) };
    const by = bucket ?? 'day';
    return {
      column: { name: `${name}:${by}`, field: name, type: 'date', bucket: by },
      expression: bucketed(expression, by),
    };
  });
}

function countColumn(body: ParsedQueryBody, joins: Joins): Selected {
  const column: ResultColumn = { name: 'count', field: 'count', type: 'count' };
  if (body.aggregate.fn === 'count') return { column, expression: sql`count(*)::int` };
  const field = knownField(body.entity, body.aggregate.field);
  return { column, expression: sql`count(distinct ${fieldExpression(body.entity, field.name, joins)})::int` };
}

function plainColumns(entity: EntityName, joins: Joins): Selected[] {
  return QUERY_ENTITIES[entity].map((field: QueryField) => ({
    column: { name: field.name, field: field.name, type: field.type },
    expression: output(field, fieldExpression(entity, field.name, joins)),
  }));
}

/** The body as SQL for the scope; 400 on a field, operator, value or grouping the whitelist refuses. */
export function translateQuery(body: ParsedQueryBody, scope: QueryScope): TranslatedQuery {
  const entity = ENTITY_SQL[body.entity];
  const joins: Joins = new Map();
  const grouped = body.groupBy.length > 0;
  if (!grouped && body.aggregate.fn === 'countDistinct') throw badRequest(QUERY_MESSAGES.countDistinctWithoutGroups);
  const selected = grouped
    ? [...groupColumns(body, joins), countColumn(body, joins)]
    : plainColumns(body.entity, joins);
  const filter = groupCondition(body.entity, body.query, joins);
  const conditions = [
    ...(scope.accountId === null ? [] : [sql`${entity.accountId} = ${scope.accountId}`]),
    ...(entity.only ? [entity.only] : []),
    filter,
  ];
  const list = sql.join(
    selected.map(({ expression }, index) => sql`${expression} as ${sql.identifier(`c${index}`)}`),
    sql`, `,
  );
  const from = sql.join(
    [sql`${entity.table}`, ...[...joins.values()].map((join) => sql`left join ${join.table} on ${join.on}`)],
    sql` `,
  );
  const groupCount = body.groupBy.length;
  const ordinals = Array.from({ length: groupCount }, (_, index) => sql.raw(String(index + 1)));
  return {
    columns: selected.map(({ column }) => column),
    grouped,
    statement(limit, after = null) {
      const where = sql.join(after === null ? conditions : [...conditions, sql`${entity.id} < ${after}`], sql` and `);
      if (grouped) {
        return sql`select ${list} from ${from} where ${where} group by ${sql.join(ordinals, sql`, `)} order by ${sql.join(
          ordinals.map((ordinal) => sql`${ordinal} asc nulls last`),
          sql`, `,
        )} limit ${limit}`;
      }
      return sql`select ${list}, ${entity.id} as "key" from ${from} where ${where} order by ${entity.id} desc limit ${limit}`;
    },
  };
}
