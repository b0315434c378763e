import { recordId } from '@regie/contract/accounts';
import { resourcePath } from '@regie/contract/api';
import { SYSTEM_FIELDS } from '@regie/contract/resources/define';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { assertMayRead, assertMayWrite, ownerOf } from './resources.access.ts';
import { column } from './resources.columns.ts';
import { normaliseQuery } from './resources.query.ts';
import { arrayQueryKeys } from './resources.schemas.ts';
import { findVisible, type ListQuery } from './resources.service.ts';
import type { Engine, ResourceEntry } from './resources.types.ts';

/** What the resource routes share: paths, guards, request normalising, the parent scope. */

/** `/main-api/tags`, `/users-service-api/accounts`, `/main-api/seasons/:parentId/rounds`. */
export function basePath(entry: ResourceEntry): string {
  return resourcePath(entry.definition);
}

const collectionParams = z.object({});
const nestedCollectionParams = z.object({ parentId: recordId });
const recordParams = z.object({ id: recordId });
const nestedRecordParams = z.object({ parentId: recordId, id: recordId });

/** Path parameters of `{base}`: a nested resource's base holds its parent's id. */
export function collectionParamsOf(entry: ResourceEntry) {
  return entry.definition.parent ? nestedCollectionParams : collectionParams;
}

/** Path parameters of `{base}/{id}`. */
export function recordParamsOf(entry: ResourceEntry) {
  return entry.definition.parent ? nestedRecordParams : recordParams;
}

export function readGuards(guards: Guards, entry: ResourceEntry) {
  return [guards.requireAuth, async (request: FastifyRequest) => assertMayRead(entry.definition, authOf(request))];
}

export function writeGuards(guards: Guards, entry: ResourceEntry) {
  return [guards.requireAuth, async (request: FastifyRequest) => assertMayWrite(entry.definition, authOf(request))];
}

/**
 * Before validation: query arrays in one form; the body without what the server owns. The id,
 * AccountId, timestamps (the web client adds AccountId while simulating, spec §7) and a nested
 * resource's parent field (taken from the path) are dropped, never trusted.
 */
export function normaliseRequest(entry: ResourceEntry) {
  const arrayKeys = arrayQueryKeys(entry.definition);
  const ignored = new Set<string>([
    ...SYSTEM_FIELDS,
    ...(entry.definition.parent ? [entry.definition.parent.field] : []),
  ]);
  return async (request: FastifyRequest) => {
    request.query = normaliseQuery(request.query, arrayKeys);
    const body = request.body;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      request.body = Object.fromEntries(Object.entries(body).filter(([key]) => !ignored.has(key)));
    }
  };
}

/** A nested resource's rows of one parent, once the parent is known to be visible (404 otherwise). */
export async function parentScope(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  params: { parentId?: number; id?: number },
): Promise<{ scope?: SQL; fixed: Record<string, unknown>; owner: number | null }> {
  const parent = entry.definition.parent;
  if (!parent || params.parentId === undefined) return { fixed: {}, owner: null };
  const parentEntry = engine.byName(parent.resource);
  if (!parentEntry) throw new Error(`Resource ${entry.definition.name}: unknown parent ${parent.resource}`);
  const parentRow = await findVisible(engine, parentEntry, auth, params.parentId);
  return {
    scope: eq(column(entry, parent.field), params.parentId),
    fixed: { [parent.field]: params.parentId },
    // Children belong to their parent's account (null: a platform parent, the request's account then).
    owner: ownerOf(parentEntry, parentRow),
  };
}

/** The validated list query, typed. */
export function toListQuery(query: Record<string, unknown>): ListQuery {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    ...query,
    offset: Number(query.offset ?? 0),
    limit: Number(query.limit),
    sort: text(query.sort),
    search: text(query.search),
    after: text(query.after),
  };
}

export function expandOf(query: Record<string, unknown>): string[] {
  return Array.isArray(query.expand) ? query.expand.map(String) : [];
}

/** The text written for each answer object: a kept list answer (list-cache.ts) is written once. */
const written = new WeakMap<object, string>();

/** Presenters shape every response, so the JSON is written as is (answers are never changed once sent). */
export const plainJson = () => (data: unknown) => {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = written.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    written.set(data, text);
  }
  return text;
};

/** DELETE answers 204 with no body. */
export const noContent = z.null().describe('No content');
