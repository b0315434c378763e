import { z } from 'zod';
import { messageCatalog } from './messages.ts';

/**
 * The platform admins' query builder (issue 25, `admin-tools/query-builder`): a query over a
 * whitelist of entities, built with react-querybuilder on the web and translated on the server into
 * parameterised SQL (identifiers only from this whitelist, values always bound parameters), run in a
 * READ ONLY transaction with a statement timeout and a row limit. Platform admins only
 * (`manage_customer_accounts`); acting for an account, the query sees that account only; otherwise
 * every account, with the `account` field (the account's name) to filter or group on.
 *
 * Calls:
 * - `POST /main-api/admin-tools/query` {@link queryBody} → {@link queryResult} (JSON, at most
 *   `limit` rows, `truncated` when more matched).
 * - `POST /main-api/admin-tools/query/export` the same body → CSV streamed (header line, then at
 *   most {@link QUERY_LIMITS.exportRows} rows; `limit` is ignored).
 * A query that runs longer than the timeout answers 422 with a message; a bad one 400.
 *
 * The SQL column (or join) of each field is the server's (`query-builder.entities.ts`), typed so
 * that every field declared here has one.
 */

export const QUERY_LIMITS = {
  maxDepth: 5,
  maxRules: 50,
  maxGroupBy: 2,
  maxLimit: 1000,
  defaultLimit: 100,
  exportRows: 1_000_000,
  /** Rows read per statement by the export (keyset on the entity's id). */
  exportBatch: 5000,
  /** Groups of a grouped export (grouping fields are few-valued: states, dates by bucket…). */
  exportGroups: 100_000,
  maxTextLength: 500,
  maxListValues: 100,
} as const;

// Declared beside the gateway prefixes (zod-free): access.ts's READ_ONLY_KEPT_WRITES names them.
export { queryPaths } from './api.ts';

export const FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'enum'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** react-querybuilder's operator names, the only ones a rule may use. */
export const OPERATORS = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'between',
  'notBetween',
  'contains',
  'doesNotContain',
  'beginsWith',
  'endsWith',
  'in',
  'notIn',
  'null',
  'notNull',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** Which operators each type of field takes. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly Operator[]>> = {
  text: ['=', '!=', 'contains', 'doesNotContain', 'beginsWith', 'endsWith', 'in', 'notIn', 'null', 'notNull'],
  number: ['=', '!=', '<', '<=', '>', '>=', 'between', 'notBetween', 'in', 'notIn', 'null', 'notNull'],
  date: ['=', '!=', '<', '<=', '>', '>=', 'between', 'notBetween', 'null', 'notNull'],
  boolean: ['=', '!='],
  enum: ['=', '!=', 'in', 'notIn', 'null', 'notNull'],
};

/** Operators without a value, and those taking two (a range) or a list. */
export const VALUELESS_OPERATORS: readonly Operator[] = ['null', 'notNull'];
export const RANGE_OPERATORS: readonly Operator[] = ['between', 'notBetween'];
export const LIST_OPERATORS: readonly Operator[] = ['in', 'notIn'];

export const ENTITIES = ['fans', 'events', 'videos', 'plays', 'clips', 'users'] as const;
export type EntityName = (typeof ENTITIES)[number];

export const DATE_BUCKETS = ['day', 'week', 'month'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

export interface QueryField {
  name: string;
  labelKey: string;
  type: FieldType;
  /** The values an enum field takes (their labels: `queryBuilder.value.<value>`). */
  values?: readonly string[];
  /** Whether results may be grouped by it (dates by bucket). */
  groupable: boolean;
}

const field = (name: string, type: FieldType, groupable = false, values?: readonly string[]): QueryField => ({
  name,
  labelKey: `queryBuilder.field.${name}`,
  type,
  groupable,
  ...(values ? { values } : {}),
});

const EVENT_STATES = ['upcoming', 'live', 'replay'] as const;
const VIDEO_STATES = ['uploading', 'uploaded', 'processing', 'ready', 'failed', 'cancelled'] as const;

/** The account a row belongs to (its name): offered when the admin acts for no account. */
export const ACCOUNT_FIELD = 'account';

/** The fields of each entity, in the order the screen offers them (`id` first, `account` last). */
export const QUERY_ENTITIES = {
  fans: [
    field('id', 'number'),
    field('email', 'text'),
    field('nickname', 'text'),
    field('firstName', 'text'),
    field('lastName', 'text'),
    field('country', 'text', true),
    field('language', 'text', true),
    field('isBlocked', 'boolean', true),
    field('createdAt', 'date', true),
    field('lastActiveAt', 'date', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
  events: [
    field('id', 'number'),
    field('name', 'text'),
    field('state', 'enum', true, EVENT_STATES),
    field('startsAt', 'date', true),
    field('endsAt', 'date'),
    field('venue', 'text', true),
    field('published', 'boolean', true),
    field('sport', 'text', true),
    field('competition', 'text', true),
    field('createdAt', 'date', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
  videos: [
    field('id', 'number'),
    field('title', 'text'),
    field('state', 'enum', true, VIDEO_STATES),
    field('published', 'boolean', true),
    field('duration', 'number'),
    field('size', 'number'),
    field('contentType', 'text', true),
    field('owner', 'text', true),
    field('createdAt', 'date', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
  plays: [
    field('id', 'number'),
    field('playedAt', 'date', true),
    field('videoId', 'number', true),
    field('video', 'text', true),
    field('eventId', 'number', true),
    field('event', 'text', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
  clips: [
    field('id', 'number'),
    field('title', 'text'),
    field('state', 'enum', true, VIDEO_STATES),
    field('published', 'boolean', true),
    field('duration', 'number'),
    field('event', 'text', true),
    field('createdAt', 'date', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
  users: [
    field('id', 'number'),
    field('username', 'text'),
    field('name', 'text'),
    field('accessLevel', 'number', true),
    field('disabled', 'boolean', true),
    field('createdAt', 'date', true),
    field(ACCOUNT_FIELD, 'text', true),
  ],
} as const satisfies Record<EntityName, readonly QueryField[]>;

/** The names of an entity's fields, as a type (the server's column map is keyed by them). */
export type FieldName<Entity extends EntityName> = (typeof QUERY_ENTITIES)[Entity][number]['name'];

export function entityField(entity: EntityName, name: string): QueryField | undefined {
  return (QUERY_ENTITIES[entity] as readonly QueryField[]).find((candidate) => candidate.name === name);
}

/** Every field label key (i18n) and enum value, for the catalogs' completeness. */
export const QUERY_FIELD_NAMES = [
  ...new Set(Object.values(QUERY_ENTITIES).flatMap((fields) => fields.map((one) => one.name))),
];

const scalar = z.union([z.string().max(QUERY_LIMITS.maxTextLength), z.number(), z.boolean()]);

export const queryRule = z.object({
  id: z.string().max(100).optional(),
  field: z.string().max(100),
  operator: z.string().max(30),
  value: z.union([scalar, z.array(scalar).max(QUERY_LIMITS.maxListValues), z.null()]).optional(),
  valueSource: z.literal('value').optional(),
});
export type QueryRule = z.infer<typeof queryRule>;

export interface QueryGroup {
  id?: string | undefined;
  combinator: 'and' | 'or';
  not?: boolean | undefined;
  rules: (QueryRule | QueryGroup)[];
}

/**
 * react-querybuilder's RuleGroupType, the subset the server translates (no value sources).
 * Recursive, so OpenAPI gives it as a named component (`id`).
 */
export const queryGroup: z.ZodType<QueryGroup> = z
  .lazy(() =>
    z.object({
      id: z.string().max(100).optional(),
      combinator: z.enum(['and', 'or']),
      not: z.boolean().optional(),
      rules: z.array(z.union([queryRule, queryGroup])).max(QUERY_LIMITS.maxRules),
    }),
  )
  .meta({ id: 'QueryGroup' });

export function isQueryGroup(rule: QueryRule | QueryGroup): rule is QueryGroup {
  return 'rules' in rule;
}

/** The depth of nested groups (the top group is 1) and the number of rules of a query. */
export function queryShape(group: QueryGroup, depth = 1): { depth: number; rules: number } {
  let deepest = depth;
  let rules = 0;
  for (const rule of group.rules) {
    if (!isQueryGroup(rule)) {
      rules += 1;
      continue;
    }
    const inner = queryShape(rule, depth + 1);
    deepest = Math.max(deepest, inner.depth);
    rules += inner.rules;
  }
  return { depth: deepest, rules };
}

export const groupByEntry = z.object({
  field: z.string().max(100),
  /** Dates only: the bucket their values are grouped by. */
  bucket: z.enum(DATE_BUCKETS).optional(),
});
export type GroupByEntry = z.infer<typeof groupByEntry>;

export const queryAggregate = z.discriminatedUnion('fn', [
  z.object({ fn: z.literal('count') }),
  z.object({ fn: z.literal('countDistinct'), field: z.string().max(100) }),
]);
export type QueryAggregate = z.infer<typeof queryAggregate>;

export const queryBody = z
  .object({
    entity: z.enum(ENTITIES),
    query: queryGroup,
    groupBy: z.array(groupByEntry).max(QUERY_LIMITS.maxGroupBy).default([]),
    /** What each group counts (grouped queries only): its rows, or the distinct values of a field. */
    aggregate: queryAggregate.default({ fn: 'count' }),
    limit: z.number().int().min(1).max(QUERY_LIMITS.maxLimit).default(QUERY_LIMITS.defaultLimit),
  })
  .superRefine((body, context) => {
    const shape = queryShape(body.query);
    if (shape.depth > QUERY_LIMITS.maxDepth) {
      context.addIssue({ code: 'custom', path: ['query'], message: `At most ${QUERY_LIMITS.maxDepth} nested groups` });
    }
    if (shape.rules > QUERY_LIMITS.maxRules) {
      context.addIssue({ code: 'custom', path: ['query'], message: `At most ${QUERY_LIMITS.maxRules} rules` });
    }
  });
export type QueryBody = z.input<typeof queryBody>;
export type ParsedQueryBody = z.output<typeof queryBody>;

export const resultColumn = z.object({
  /** A field's name, `<field>:<bucket>` for a date grouped by bucket, or `count`. */
  name: z.string(),
  /** The column's field (or `count`), for its label. */
  field: z.string(),
  type: z.enum([...FIELD_TYPES, 'count']),
  bucket: z.enum(DATE_BUCKETS).optional(),
});
export type ResultColumn = z.infer<typeof resultColumn>;

/** A cell: dates as ISO 8601 text (UTC), numbers, booleans, text, or null. */
export const resultCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const queryResult = z.object({
  columns: z.array(resultColumn),
  rows: z.array(z.array(resultCell)),
  /** True when more rows (or groups) matched than `limit`. */
  truncated: z.boolean(),
});
export type QueryResult = z.infer<typeof queryResult>;

export const QUERY_MESSAGES = messageCatalog('QUERY_MESSAGES', {
  unknownField: (entity: string, field: string) => `Unknown field ${field} for ${entity}`,
  unknownOperator: (field: string, operator: string) => `Operator ${operator} cannot be used on ${field}`,
  badValue: (field: string, expected: string) => `The value of ${field} must be ${expected}`,
  notGroupable: (field: string) => `Results cannot be grouped by ${field}`,
  bucketOnDatesOnly: (field: string) => `Only dates are grouped by day, week or month, not ${field}`,
  sameGroupTwice: (field: string) => `Results are grouped by ${field} twice`,
  countDistinctWithoutGroups: 'Count distinct needs at least one grouping field',
  timedOut: (seconds: number) =>
    `The query ran longer than ${seconds} s and was stopped: narrow the filters or the grouping`,
  tooHeavy: (seconds: number) =>
    `The query would run longer than ${seconds} s on the embedded database, so it was not run: narrow the filters or the grouping`,
});
