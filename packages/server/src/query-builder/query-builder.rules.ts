import {
  type EntityName,
  entityField,
  isQueryGroup,
  LIST_OPERATORS,
  OPERATORS_BY_TYPE,
  type Operator,
  QUERY_MESSAGES,
  type QueryField,
  type QueryGroup,
  type QueryRule,
  RANGE_OPERATORS,
} from '@regie/contract/query-builder';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../http/http.errors.ts';
import { fieldSql, type Join } from './query-builder.entities.ts';

/**
 * A react-querybuilder rule group as a SQL condition. Every identifier comes from the entity map
 * (query-builder.entities.ts), every value is a bound parameter (`${value}` in drizzle's `sql`),
 * and a field, operator or value the whitelist does not allow is a 400 with its reason.
 */

type Scalar = string | number | boolean;

/** The joins the fields used so far need, once each (keyed by their table). */
export type Joins = Map<unknown, Join>;

export function knownField(entity: EntityName, name: string): QueryField {
  const found = entityField(entity, name);
  if (!found) throw badRequest(QUERY_MESSAGES.unknownField(entity, name));
  return found;
}

/** The field's SQL expression, noting the join it needs. */
export function fieldExpression(entity: EntityName, name: string, joins: Joins): SQL | Column {
  const { column, join } = fieldSql(entity, name);
  if (join) joins.set(join.table, join);
  return column;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** A date value: a day (UTC, the whole day) or an instant. */
type DateValue = { start: string; end: string | null };

function dateValue(field: QueryField, value: unknown): DateValue {
  const text = typeof value === 'string' ? value.trim() : '';
  if (DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    const start = new Date(`${text}T00:00:00Z`);
    const end = new Date(start.getTime() + 86_400_000);
    return { start: start.toISOString(), end: end.toISOString() };
  }
  if (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) return { start: text, end: null };
  throw badRequest(QUERY_MESSAGES.badValue(field.name, 'a date (YYYY-MM-DD) or a date and time'));
}

function scalarValue(field: QueryField, value: unknown): Scalar {
  switch (field.type) {
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
      if (!Number.isFinite(number)) throw badRequest(QUERY_MESSAGES.badValue(field.name, 'a number'));
      return number;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw badRequest(QUERY_MESSAGES.badValue(field.name, 'true or false'));
    case 'enum':
      if (typeof value === 'string' && field.values?.includes(value)) return value;
      throw badRequest(QUERY_MESSAGES.badValue(field.name, `one of ${field.values?.join(', ')}`));
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      throw badRequest(QUERY_MESSAGES.badValue(field.name, 'a text'));
  }
}

/** A list value: an array, or react-querybuilder's comma-separated text. */
function listOf(field: QueryField, value: unknown, size?: number): unknown[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',').map((part) => part.trim())
      : [];
  const sized = size === undefined ? list.length > 0 : list.length === size;
  if (!sized) {
    throw badRequest(QUERY_MESSAGES.badValue(field.name, size === 2 ? 'two values (from, to)' : 'a list of values'));
  }
  return list;
}

/** `%`, `_` and `\` of a LIKE pattern's value taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function dateCondition(expression: SQL | Column, operator: Operator, field: QueryField, value: unknown): SQL {
  if (RANGE_OPERATORS.includes(operator)) {
    const [from, to] = listOf(field, value, 2).map((one) => dateValue(field, one)) as [DateValue, DateValue];
    const within = sql`(${expression} >= ${from.start}::timestamptz and ${expression} ${
      to.end ? sql`< ${to.end}::timestamptz` : sql`<= ${to.start}::timestamptz`
    })`;
    return operator === 'between' ? within : sql`not ${within}`;
  }
  const { start, end } = dateValue(field, value);
  // A day stands for the whole day: = is within it, < before it starts, > after it ends.
  const upper = end ?? start;
  switch (operator) {
    case '=':
      return end
        ? sql`(${expression} >= ${start}::timestamptz and ${expression} < ${end}::timestamptz)`
        : sql`${expression} = ${start}::timestamptz`;
    case '!=':
      return end
        ? sql`not (${expression} >= ${start}::timestamptz and ${expression} < ${end}::timestamptz)`
        : sql`${expression} <> ${start}::timestamptz`;
    case '<':
      return sql`${expression} < ${start}::timestamptz`;
    case '<=':
      return end ? sql`${expression} < ${upper}::timestamptz` : sql`${expression} <= ${start}::timestamptz`;
    case '>':
      return end ? sql`${expression} >= ${upper}::timestamptz` : sql`${expression} > ${start}::timestamptz`;
    default:
      return sql`${expression} >= ${start}::timestamptz`;
  }
}

function textCondition(expression: SQL | Column, operator: Operator, text: string): SQL | null {
  switch (operator) {
    case 'contains':
      return sql`${expression} ilike ${`%${likeLiteral(text)}%`}`;
    case 'doesNotContain':
      return sql`coalesce(${expression}, '') not ilike ${`%${likeLiteral(text)}%`}`;
    case 'beginsWith':
      return sql`${expression} ilike ${`${likeLiteral(text)}%`}`;
    case 'endsWith':
      return sql`${expression} ilike ${`%${likeLiteral(text)}`}`;
    default:
      return null;
  }
}

function ruleCondition(entity: EntityName, rule: QueryRule, joins: Joins): SQL {
  const field = knownField(entity, rule.field);
  const operator = OPERATORS_BY_TYPE[field.type].find((allowed) => allowed === rule.operator);
  if (!operator) throw badRequest(QUERY_MESSAGES.unknownOperator(field.name, rule.operator));
  const expression = fieldExpression(entity, field.name, joins);
  if (operator === 'null') return sql`${expression} is null`;
  if (operator === 'notNull') return sql`${expression} is not null`;
  if (field.type === 'date') return dateCondition(expression, operator, field, rule.value);
  if (LIST_OPERATORS.includes(operator)) {
    const values = listOf(field, rule.value).map((one) => scalarValue(field, one));
    const list = sql.join(
      values.map((one) => sql`${one}`),
      sql`, `,
    );
    return operator === 'in' ? sql`${expression} in (${list})` : sql`${expression} not in (${list})`;
  }
  if (RANGE_OPERATORS.includes(operator)) {
    const [from, to] = listOf(field, rule.value, 2).map((one) => scalarValue(field, one));
    const within = sql`${expression} between ${from} and ${to}`;
    return operator === 'between' ? within : sql`not (${within})`;
  }
  const value = scalarValue(field, rule.value);
  if (typeof value === 'string') {
    const text = textCondition(expression, operator, value);
    if (text) return text;
  }
  switch (operator) {
    case '=':
      return sql`${expression} = ${value}`;
    case '!=':
      return sql`${expression} is distinct from ${value}`;
    case '<':
      return sql`${expression} < ${value}`;
    case '<=':
      return sql`${expression} <= ${value}`;
    case '>':
      return sql`${expression} > ${value}`;
    default:
      return sql`${expression} >= ${value}`;
  }
}

/** The group's condition; an empty group holds every row. */
export function groupCondition(entity: EntityName, group: QueryGroup, joins: Joins): SQL {
  const parts = group.rules.map((rule) =>
    isQueryGroup(rule) ? groupCondition(entity, rule, joins) : ruleCondition(entity, rule, joins),
  );
  const joined =
    parts.length === 0 ? sql`true` : sql`(${sql.join(parts, group.combinator === 'or' ? sql` or ` : sql` and `)})`;
  return group.not ? sql`not ${joined}` : joined;
}
