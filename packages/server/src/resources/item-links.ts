import { recordId } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import {
  ITEM_LINK_MESSAGES,
  ITEM_TYPE_RESOURCES,
  type ItemLink,
  type ItemType,
  itemLink,
  itemLinkBody,
  itemLinkList,
} from '@regie/contract/resources/item-links';
import { and, asc, count, eq, getTableColumns, inArray, max, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { assertMayChange, assertMayRead, assertMayWrite, ownerOf, visibleRows } from './resources.access.ts';
import { idColumn } from './resources.columns.ts';
import { databaseError } from './resources.errors.ts';
import { noContent, plainJson } from './resources.http.ts';
import { allOf } from './resources.query.ts';
import { findVisible, presentRows } from './resources.service.ts';
import type { Engine, ResourceEntry } from './resources.types.ts';

/**
 * Items linked to a record of another resource (contract resources/item-links.ts): a category's
 * videos and playlists, what a product unlocks. One join table per owner, the same routes for
 * each: GET/POST {owner}/{id}/items, DELETE {owner}/{id}/items/{linkId}.
 */
export interface ItemLinkTable {
  table: PgTable;
  id: PgColumn;
  /** The column holding the owner's id. */
  owner: PgColumn;
  itemType: PgColumn;
  itemId: PgColumn;
  position: PgColumn;
  createdAt: PgColumn;
}

export interface ItemLinks {
  /** The owning resource's name ('categories'). */
  owner: string;
  links: ItemLinkTable;
  types: readonly [ItemType, ...ItemType[]];
}

interface LinkRow {
  id: number;
  itemType: string;
  itemId: number;
  position: number;
  createdAt: Date | string;
}

/**
 * A link as read through the join table's columns (typed only as PgColumn, since the owners'
 * tables differ): checked value by value.
 */
function linkRow(row: Record<string, unknown>): LinkRow {
  const { id, itemType, itemId, position, createdAt } = row;
  if (
    typeof id !== 'number' ||
    typeof itemType !== 'string' ||
    typeof itemId !== 'number' ||
    typeof position !== 'number' ||
    !(createdAt instanceof Date || typeof createdAt === 'string')
  ) {
    throw new Error(`Item links: a link row of an unexpected shape (${JSON.stringify(row)})`);
  }
  return { id, itemType, itemId, position, createdAt };
}

function isItemType(type: string): type is ItemType {
  return Object.hasOwn(ITEM_TYPE_RESOURCES, type);
}

/** Removes every link to an item, wherever it is linked (the item's resource calls it on delete). */
export async function deleteItemLinks(db: Db, link: ItemLinkTable, itemType: ItemType, itemId: number): Promise<void> {
  await db.delete(link.table).where(and(eq(link.itemType, itemType), eq(link.itemId, itemId)));
}

/** The linked records as their own resources present them, by `type:id`; absent when gone or hidden. */
async function linkedItems(
  engine: Engine,
  auth: AuthContext,
  rows: readonly LinkRow[],
): Promise<Map<string, NonNullable<ItemLink['item']>>> {
  const found = new Map<string, NonNullable<ItemLink['item']>>();
  const types = [...new Set(rows.map((row) => row.itemType))];
  for (const type of types) {
    const related = isItemType(type) ? engine.byName(ITEM_TYPE_RESOURCES[type]) : undefined;
    if (!related) continue;
    const ids = rows.filter((row) => row.itemType === type).map((row) => row.itemId);
    const records = await engine.db
      .select()
      .from(related.table)
      .where(allOf(inArray(idColumn(related), ids), visibleRows(related, auth)));
    for (const record of await presentRows(engine, related, records, auth)) {
      found.set(`${type}:${record.id}`, { ...record, id: Number(record.id) });
    }
  }
  return found;
}

async function present(engine: Engine, auth: AuthContext, rows: readonly LinkRow[]): Promise<ItemLink[]> {
  const items = await linkedItems(engine, auth, rows);
  return rows.map((row) => ({
    id: row.id,
    itemType: row.itemType,
    itemId: row.itemId,
    position: row.position,
    createdAt: row.createdAt instanceof Date ? row.createdAt.toISOString() : String(row.createdAt),
    item: items.get(`${row.itemType}:${row.itemId}`) ?? null,
  }));
}

/** The item, checked served and visible: 400 naming `itemId` otherwise. */
async function checkItem(engine: Engine, auth: AuthContext, itemType: ItemType, itemId: number): Promise<void> {
  const related: ResourceEntry | undefined = engine.byName(ITEM_TYPE_RESOURCES[itemType]);
  if (!related) {
    const message = ITEM_LINK_MESSAGES.notServed(itemType);
    throw badRequest(message, [{ path: 'itemType', message }]);
  }
  const [row] = await engine.db
    .select({ id: idColumn(related) })
    .from(related.table)
    .where(allOf(eq(idColumn(related), itemId), visibleRows(related, auth)))
    .limit(1);
  if (!row) {
    const message = ITEM_LINK_MESSAGES.unknownItem(itemType, itemId);
    throw badRequest(message, [{ path: 'itemId', message }]);
  }
}

const listQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(LIST_LIMITS.maxLimit).default(LIST_LIMITS.defaultLimit),
  })
  .strict();

/** The three routes of one owner's items. */
export function registerItemLinks(app: FastifyInstance, engine: Engine, guards: Guards, spec: ItemLinks): void {
  const parts = itemLinkParts(engine, spec);
  registerItemList(app, engine, guards, spec, parts);
  registerItemLink(app, engine, guards, spec, parts);
  registerItemUnlink(app, engine, guards, spec, parts);
}

/** What the three routes share: the owner's entry, the link table's columns, path and documentation. */
function itemLinkParts(engine: Engine, spec: ItemLinks) {
  const ownerEntry = engine.byName(spec.owner);
  if (!ownerEntry) throw new Error(`Item links: no resource ${spec.owner}`);
  const { links } = spec;
  return {
    ownerEntry,
    links,
    path: paths.itemLinks(spec.owner),
    doc: { tags: [spec.owner], security: BEARER },
    columns: {
      id: links.id,
      itemType: links.itemType,
      itemId: links.itemId,
      position: links.position,
      createdAt: links.createdAt,
    },
    ofOwner: (ownerId: number): SQL => eq(links.owner, ownerId),
  };
}

type ItemLinkParts = ReturnType<typeof itemLinkParts>;

/** GET {owner}/{id}/items: the owner's items, in their order. */
function registerItemList(
  app: FastifyInstance,
  engine: Engine,
  guards: Guards,
  spec: ItemLinks,
  { ownerEntry, links, path, doc, columns, ofOwner }: ItemLinkParts,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    path,
    {
      onRequest: guards.requireAuth,
      serializerCompiler: plainJson,
      schema: {
        ...doc,
        summary: `The items linked to one of ${spec.owner} (${spec.types.join(', ')}), in their order`,
        params: z.object({ id: recordId }),
        querystring: listQuery,
        response: { 200: itemLinkList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(ownerEntry.definition, auth);
      await findVisible(engine, ownerEntry, auth, request.params.id);
      const { offset, limit } = request.query;
      const where = ofOwner(request.params.id);
      const [rows, totals] = await Promise.all([
        engine.db
          .select(columns)
          .from(links.table)
          .where(where)
          .orderBy(asc(links.position), asc(links.id))
          .limit(limit)
          .offset(offset),
        engine.db.select({ total: count() }).from(links.table).where(where),
      ]);
      const data = await present(engine, auth, rows.map(linkRow));
      return { data, total: totals[0]?.total ?? 0, offset, limit, nextCursor: null };
    },
  );
}

/** POST {owner}/{id}/items: links one item, at the end unless a position is given. */
function registerItemLink(
  app: FastifyInstance,
  engine: Engine,
  guards: Guards,
  spec: ItemLinks,
  { ownerEntry, links, path, doc, columns, ofOwner }: ItemLinkParts,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    path,
    {
      onRequest: guards.requireAuth,
      // The owner's entry (an update of its `items`), so that it shows in the owner's history.
      config: { audit: 'entry' },
      serializerCompiler: plainJson,
      schema: {
        ...doc,
        summary: `Links an item to one of ${spec.owner}: it must exist in the account, once per ${spec.owner}`,
        params: z.object({ id: recordId }),
        body: itemLinkBody(spec.types),
        response: { 201: itemLink, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayWrite(ownerEntry.definition, auth);
      const ownerId = request.params.id;
      const owner = await findVisible(engine, ownerEntry, auth, ownerId);
      assertMayChange(ownerEntry, auth, owner);
      const { itemType, itemId } = request.body;
      await checkItem(engine, auth, itemType, itemId);
      let position = request.body.position;
      if (position === undefined) {
        const [last] = await engine.db
          .select({ position: max(links.position) })
          .from(links.table)
          .where(ofOwner(ownerId));
        position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      }
      const ownerKey = keyOf(links, links.owner);
      const linked = position;
      const row = await transaction(engine.db, async (tx) => {
        const [inserted] = await tx
          .insert(links.table)
          .values({ [ownerKey]: ownerId, itemType, itemId, position: linked })
          .returning(columns);
        if (inserted) {
          const link = linkRow(inserted);
          await writeAudit(tx, auditSourceOf(request), {
            accountId: ownerOf(ownerEntry, owner),
            resource: spec.owner,
            resourceId: ownerId,
            action: 'update',
            changes: { items: { before: null, after: auditedLink(link) } },
          });
        }
        return inserted;
      }).catch((error: unknown) => {
        if (databaseError(error)?.code === '23505') throw new HttpError(409, ITEM_LINK_MESSAGES.duplicate);
        throw error;
      });
      const [presented] = await present(engine, auth, row ? [linkRow(row)] : []);
      if (!presented) throw new Error('Item links: the new link was not returned');
      return reply.code(201).send(presented);
    },
  );
}

/** DELETE {owner}/{id}/items/{linkId}: unlinks one item. */
function registerItemUnlink(
  app: FastifyInstance,
  engine: Engine,
  guards: Guards,
  spec: ItemLinks,
  { ownerEntry, links, path, doc, columns, ofOwner }: ItemLinkParts,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.delete(
    `${path}/:linkId`,
    {
      onRequest: guards.requireAuth,
      config: { audit: 'entry' },
      schema: {
        ...doc,
        summary: `Unlinks an item from one of ${spec.owner}`,
        params: z.object({ id: recordId, linkId: recordId }),
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayWrite(ownerEntry.definition, auth);
      const { id, linkId } = request.params;
      const owner = await findVisible(engine, ownerEntry, auth, id);
      assertMayChange(ownerEntry, auth, owner);
      await transaction(engine.db, async (tx) => {
        const [removed] = await tx
          .delete(links.table)
          .where(and(eq(links.id, linkId), ofOwner(id)))
          .returning(columns);
        if (!removed) throw notFound(ITEM_LINK_MESSAGES.linkNotFound(linkId));
        await writeAudit(tx, auditSourceOf(request), {
          accountId: ownerOf(ownerEntry, owner),
          resource: spec.owner,
          resourceId: id,
          action: 'update',
          changes: { items: { before: auditedLink(linkRow(removed)), after: null } },
        });
      });
      return reply.code(204).send(null);
    },
  );
}

/** A link as its owner's audit entry records it. */
function auditedLink(link: LinkRow) {
  return { linkId: link.id, itemType: link.itemType, itemId: link.itemId, position: link.position };
}

/** The table key of one of its columns (inserts take keys). */
function keyOf(links: ItemLinkTable, target: PgColumn): string {
  for (const [key, candidate] of Object.entries(getTableColumns(links.table))) if (candidate === target) return key;
  throw new Error(`Item links: column ${target.name} not found`);
}
