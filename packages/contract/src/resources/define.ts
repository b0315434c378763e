import type { z } from 'zod';
import type { AccessRule } from '../access.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { Message } from '../messages.ts';
import type { ModuleCode } from '../modules.ts';
import type { ImageKind } from '../uploads.ts';

/**
 * How a plain resource is declared once and served everywhere (spec §7 "Generic CRUD"): the
 * server builds its routes, validation, OpenAPI and tests from this; the web app builds its list
 * and edit screens from it. A new plain resource is one file here plus one Drizzle table whose
 * JavaScript keys are the field names (plus id, accountId, createdAt, updatedAt).
 */

/** The widget a field is edited with (spec §2 "Shared widgets", §5). */
export type WidgetKind =
  | 'text'
  | 'limitedText'
  | 'textarea'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiSelect'
  | 'reference'
  | 'references'
  | 'dateTime'
  | 'color'
  | 'image'
  | 'json'
  /** A geo blocking rule in place of the account's (contract geo.ts): follow the account, allow only, or refuse. */
  | 'geoRule';

export interface FieldUi {
  widget: WidgetKind;
  /** limitedText: the field's textLimit (the schema enforces the same maximum). */
  textLimit?: number;
  /** number: how much the arrows add or take away (0.1 for a value between 0 and 1); default 1. */
  step?: number;
  /** select / multiSelect: allowed values; labels are i18n keys `<labelKey>.<field>.<value>`. */
  options?: readonly string[];
  /** reference / references: the resource (its `name`) whose records are offered. */
  reference?: string;
  /** The edit tab (path segment of the menu's tab) holding the field; default the first tab. */
  tab?: string;
  /** Shown only to an account holding this module (the field changes nothing without it). */
  requiredModule?: ModuleCode;
  /** image: where in storage the file goes (the `kind` of POST /main-api/uploads/images). */
  imageKind?: ImageKind;
  /**
   * Shown but never sent by the edit form. The server sets the value (accounts.accountKey) and
   * refuses it in request bodies (400 naming the field).
   */
  readOnly?: boolean;
  /**
   * Sent by the form, never returned by the server (passwords). A blank value on the edit form
   * means "unchanged": leave the field out of the PUT body.
   */
  writeOnly?: boolean;
}

/** Fields every stored record has, set by the server only. */
export const SYSTEM_FIELDS = ['id', 'AccountId', 'createdAt', 'updatedAt'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

/**
 * A relation GET {base}/{id}?expand=[Name] may include, under the relation's key (`Groups`).
 * The related resource must be declared too; its records are presented the same way as its own.
 */
export interface Relation {
  /** The related resource's `name`. */
  resource: string;
  /**
   * one: this record's `foreignKey` field holds the related id (one record or null);
   * many: the related records' `foreignKey` field holds this id ('AccountId' included);
   * manyToMany: the join table `through` links both (a list);
   * collected: the distinct values of the list field `field` over the records of this
   * resource's relation `via`, each as `{ name }`, sorted (an account's Roles, collected from
   * its Groups' roles, spec §3). `resource` is then the resource of `via`.
   */
  kind: 'one' | 'many' | 'manyToMany' | 'collected';
  via?: string;
  field?: string;
  foreignKey?: string;
  /** manyToMany: the join table's name on the server. */
  through?: string;
  /**
   * The related resource comes with a later issue (playlists → videos): until it is served,
   * expanding gives an empty list (or null) instead of stopping the boot.
   */
  pending?: boolean;
}

/**
 * A rule between fields that no single field's schema can say (a season ends after it starts).
 * The server checks it on the record as it will be stored (a PUT's fields over the stored ones),
 * answering 400 on `field`; the edit form checks it on the values it sends.
 */
export interface FieldRule {
  /** The field the error is shown on. */
  field: string;
  /** True when the values are acceptable; a value may be absent or null (then the rule holds). */
  holds(values: Readonly<Record<string, unknown>>): boolean;
  /** The API's error (rendered in the request's language). */
  message: Message;
  /** The same, for the form, in the user's language. */
  messageKey: MessageKey;
}

/** A stored row holds a Date, a body or a form a string. */
function time(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** `endsAt` strictly after `startsAt` (either absent or null: the rule holds), shown on `endsAt`. */
export function endsAfterStart(message: Message, messageKey: MessageKey): FieldRule {
  return {
    field: 'endsAt',
    holds: (values) => {
      const from = time(values.startsAt);
      const to = time(values.endsAt);
      return from === null || to === null || to > from;
    },
    message,
    messageKey,
  };
}

export type Tenancy =
  /** Each record belongs to one account; other accounts never see it. */
  | 'account'
  /** Platform-wide records; only platform admins write them. */
  | 'platform'
  /** Platform-wide records readable by every account, plus each account's own. */
  | 'shared';

export interface ResourceDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** The path segment under its gateway: 'tags', 'marker-types', 'payment-offers'. */
  name: string;
  /** One record in English server messages ('Marker type 4 not found'); default: name less its final s. */
  singular?: string;
  gateway: 'users' | 'main';
  /**
   * Nested resources (spec: seasons/{id}/rounds, products/{id}/paymentOffers): served under
   * `/{parent}/{parentId}/{name}`; `field` holds the parent's id, taken from the path, never
   * from a body (leave it out of the edit form: ui.readOnly).
   */
  parent?: { resource: string; field: keyof Shape & string };
  /** i18n prefix: `<labelKey>.title`, `<labelKey>.field.<field>`, `<labelKey>.empty`, … */
  labelKey: string;
  /**
   * The fields with their validation and defaults: what POST takes (PUT takes any subset of them,
   * each fully validated), less `ui.readOnly` ones (server-set) and what GET returns, less
   * `ui.writeOnly` ones. No `.transform()` in them: the same schemas document the responses.
   */
  fields: z.ZodObject<Shape>;
  ui: { readonly [K in keyof Shape]: FieldUi };
  /** Columns of the list screen, in order. */
  columns: readonly ((keyof Shape & string) | SystemField)[];
  /**
   * Query filters accepted as `field=value` or `field[]=value` (any of the values; an array field:
   * contains one; a date-time field: within the range `from..to`, see DATE_RANGE_SEPARATOR).
   */
  filters: readonly ((keyof Shape & string) | 'AccountId')[];
  /** Fields `sort` accepts; each must be stored NOT NULL (keyset paging compares them). */
  sortable: readonly ((keyof Shape & string) | SystemField)[];
  defaultSort: { field: (keyof Shape & string) | SystemField; direction: 'asc' | 'desc' };
  /** Fields matched by the list's `search` parameter and GET /main-api/search/{name}. */
  search: readonly (keyof Shape & string)[];
  relations?: Readonly<Record<string, Relation>>;
  /** Fields with per-language values (translations sub-resource). */
  translatable?: readonly (keyof Shape & string)[];
  /** Rules between fields, checked by the server and the edit form. */
  rules?: readonly FieldRule[];
  /**
   * Sets of fields unique within the account, or platform-wide where the table's unique index
   * says so (users.username). A conflict answers 409 naming the set's first field.
   */
  unique?: readonly (readonly (keyof Shape & string)[])[];
  /**
   * Who may read and write. `read_only` grants no reading of its own and takes writing away
   * (contract access.ts `READ_ONLY_ROLE`): the engine adds that, declarations do not list it.
   */
  access: { read: AccessRule; write: AccessRule };
  tenancy: Tenancy;
}

/** Identity function that keeps the field names typed. */
export function defineResource<Shape extends z.ZodRawShape>(
  definition: ResourceDefinition<Shape>,
): ResourceDefinition<Shape> {
  return definition;
}

/**
 * A date-time field's list filter is a range, `from..to` (ISO 8601 date-times, inclusive; either
 * end may be left out: `2026-01-01T00:00:00.000Z..`). Several ranges mean any of them.
 */
export const DATE_RANGE_SEPARATOR = '..';

export interface DateRange {
  from: string | null;
  to: string | null;
}

export function formatDateRange(range: DateRange): string {
  return `${range.from ?? ''}${DATE_RANGE_SEPARATOR}${range.to ?? ''}`;
}

/** The range of a filter value; null when it is not one (no separator, a bad date, both ends empty). */
export function parseDateRange(value: string): DateRange | null {
  const parts = value.split(DATE_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const [from = '', to = ''] = parts.map((part) => part.trim());
  if (!from && !to) return null;
  if ([from, to].some((part) => part !== '' && Number.isNaN(Date.parse(part)))) return null;
  return { from: from || null, to: to || null };
}

/** Paging limits of every list (spec §7 offset/limit). */
export const LIST_LIMITS = { defaultLimit: 25, maxLimit: 200 } as const;
