import type { ResourceDefinition } from '@regie/contract/resources/define';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import type { MessageLanguage } from '../http/localize.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import type { ListCache } from './list-cache.ts';

/** A stored record as the engine handles it: the table's JavaScript keys and their values. */
export type Row = Record<string, unknown>;

/**
 * A declaration as the engine reads it. `ResourceDefinition<Shape>` is invariant in its zod
 * object; the engine only needs the field schemas, one by one.
 */
export type EngineDefinition = Omit<ResourceDefinition, 'fields'> & {
  fields: { shape: Readonly<Record<string, z.core.$ZodType>> };
};

/**
 * A field stored in a join table rather than a column: a list of linked ids (users.groups), or
 * of a linked table's values (groups.roles, role names).
 */
export interface LinkField {
  table: PgTable;
  /** The join column holding this record's id. */
  owner: PgColumn;
  /** The join column holding the linked record's id. */
  target: PgColumn;
  /** The API speaks a column of the linked table instead of its id: that table and column. */
  lookup?: { table: PgTable; id: PgColumn; value: PgColumn };
  /** Linked records must belong to the record's account: their table and account column. */
  sameAccount?: { table: PgTable; id: PgColumn; accountId: PgColumn };
  /** The join column ordering the linked records (a playlist's videos); default: the related resource's sort. */
  position?: PgColumn;
}

/** A stored row of one table, as Drizzle reads it. */
export type RowOf<Table extends PgTable> = Table['$inferSelect'];

/** What a hook knows of a write. `db` is the write's transaction. */
export interface WriteContext<Table extends PgTable = PgTable> {
  db: Db;
  auth: AuthContext;
  action: 'create' | 'update';
  /** The account owning the record; null for a platform record. */
  accountId: number | null;
  /** The stored row, on update. */
  existing: RowOf<Table> | null;
}

/**
 * What a resource that is more than a plain table adds to the engine (users, groups, accounts).
 * Methods, not function properties: an entry of one table stays an entry of the engine's list
 * (`ResourceEntry<PgTable>`), which hands each hook only rows of that entry's table.
 */
export interface ResourceHooks<Table extends PgTable = PgTable> {
  /**
   * Validated fields (links included) → what is stored: hash a password, make a key, refuse what
   * the caller may not do (throw an HttpError). Runs inside the write's transaction.
   */
  prepare?(values: Row, context: WriteContext<Table>): Promise<Row> | Row;
  /** Before a delete, inside its transaction: refuse it by throwing. */
  beforeDelete?(row: RowOf<Table>, context: Omit<WriteContext<Table>, 'action' | 'existing'>): Promise<void> | void;
  /**
   * Once a write is committed: the row as stored (as it was, for a delete). For who follows the
   * records as they change (markers: the event's realtime topic); it must not throw.
   */
  committed?(row: RowOf<Table>, change: RecordChange, context: { db: Db; auth: AuthContext }): void;
}

/** What a committed write did to a record. */
export type RecordChange = 'created' | 'updated' | 'deleted';

/** What a presenter may need beyond the row. */
export interface PresentMedia {
  /** Where a browser fetches a stored media file (videos/…): a signed URL under /media. */
  mediaUrl(key: string): string;
}

/** Who the record is presented to: what is rendered in words is in their language. */
export interface Viewer {
  language: MessageLanguage;
}

export interface PresentContext extends PresentMedia, Viewer {}

export interface ResourceEntry<Table extends PgTable = PgTable> {
  definition: EngineDefinition;
  /** Keys: the field names, plus id, accountId (absent for some platform tables), createdAt, updatedAt. */
  table: Table;
  links?: Readonly<Record<string, LinkField>>;
  /**
   * Join tables of manyToMany relations that are not edited as a field of the record (a
   * playlist's videos are ordered on their own screen): `expand` reads them.
   */
  joins?: readonly LinkField[];
  hooks?: ResourceHooks<Table>;
  /** Cache keys to purge once a write of this row is committed. */
  purges?(row: RowOf<Table>): string[];
  /** Signed-in contexts to drop once a write of this row is committed (tenancy.cache.ts AUTH_TAGS). */
  revokes?(row: RowOf<Table>): string[];
  /**
   * Narrows the rows a request sees within its account, on top of the tenancy (videos: a user
   * holding only own_videos_only sees their own). Undefined: no narrowing.
   */
  scope?: (auth: AuthContext) => SQL | undefined;
  /** Adds computed values to a presented record (videos: the signed playback URLs). */
  present?(record: Row, row: RowOf<Table>, context: PresentContext): Row;
  /** The schemas of what `present` adds: the output schema (OpenAPI) documents them. */
  presentedFields?: Readonly<Record<string, z.core.$ZodType>>;
  /**
   * Relations a one-record read always includes, expanded or not: the fields the spec names on
   * the record (an account's Groups and Roles, issue 40.4). Lists include them only when expanded.
   */
  readExpands?: readonly string[];
}

/** Computed values a presenter adds to every record, with their schemas (documented in the output). */
export interface Presented<Added extends Readonly<Record<string, z.core.$ZodType>>, Table extends PgTable> {
  fields: Added;
  add(row: RowOf<Table>, context: PresentContext): { [Key in keyof Added]: z.output<Added[Key]> };
}

/** Typed entry builder: checks the definition against its own shape, then widens it. */
export function resourceEntry<
  Shape extends z.ZodRawShape,
  Table extends PgTable,
  Added extends Readonly<Record<string, z.core.$ZodType>> = Record<never, z.core.$ZodType>,
>(entry: {
  definition: ResourceDefinition<Shape>;
  table: Table;
  links?: Partial<Record<keyof Shape & string, LinkField>>;
  joins?: readonly LinkField[];
  hooks?: ResourceHooks<Table>;
  purges?: (row: RowOf<Table>) => string[];
  revokes?: (row: RowOf<Table>) => string[];
  scope?: (auth: AuthContext) => SQL | undefined;
  present?: Presented<Added, Table>;
  readExpands?: readonly string[];
}): ResourceEntry<Table> {
  const { definition, links, present, ...rest } = entry;
  const widened: EngineDefinition = { ...definition, fields: { shape: definition.fields.shape } };
  const linkFields: Record<string, LinkField> = {};
  for (const [field, link] of Object.entries(links ?? {})) if (link) linkFields[field] = link;
  if (!present) return { ...rest, definition: widened, links: linkFields };
  return {
    ...rest,
    definition: widened,
    links: linkFields,
    // The engine presents only rows it read from this entry's table.
    present: (record, row, context) => ({ ...record, ...present.add(row, context) }),
    presentedFields: present.fields,
  };
}

/** The entry serving `table`, typed by it (undefined when the engine does not serve it). */
export function entryOf<Table extends PgTable>(engine: Engine, table: Table): ResourceEntry<Table> | undefined {
  return engine.entries.find((entry): entry is ResourceEntry<Table> => entry.table === table);
}

/** What the engine's routes and services share, built once per app. */
export interface Engine {
  db: Db;
  cache: Cache;
  /** The signed-in contexts' cache: users, groups and accounts writes drop what they change. */
  signedIn: Cache;
  entries: readonly ResourceEntry[];
  byName(name: string): ResourceEntry | undefined;
  present: PresentMedia;
  /** The list answers kept while their tables are unchanged (list-cache.ts). */
  lists: ListCache;
}
