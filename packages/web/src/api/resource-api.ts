import { MAIN_API, USERS_API } from '@regie/contract/api';
import type { ResourceDefinition } from '@regie/contract/resources/define';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import type { ListResponse, TranslationEntry } from '@regie/contract/resources/shapes';
import { type ImageKind, UPLOAD_IMAGES_PATH } from '@regie/contract/uploads';
import type { UploadedImage } from '@regie/contract/uploads.schemas';
import type { ResourceRecord } from '../resources/any-resource.ts';
import type { ApiClient } from './client.ts';

/** What the generic calls need to know of a resource: where it lives. */
export type ResourceLocation = Pick<ResourceDefinition, 'name' | 'gateway'>;

/** GET {base}?… parameters (contract shapes.ts): filters as `field` or `field[]`. */
export interface ListQuery {
  offset: number;
  limit: number;
  /** `name` ascending, `-name` descending. */
  sort?: string;
  search?: string;
  filters?: Readonly<Record<string, readonly string[]>>;
  /** Keyset cursor (a page's nextCursor): the server starts after it and ignores the offset. */
  after?: string;
}

/** The base path of a resource under its gateway: /main-api/tags, /users-service-api/accounts. */
export function resourceBase(resource: ResourceLocation): string {
  return `${resource.gateway === 'users' ? USERS_API : MAIN_API}/${resource.name}`;
}

/** A nested resource's base under one parent record: /main-api/competitions/7/seasons. */
export function nestedBase(
  resource: ResourceLocation & Pick<ResourceDefinition, 'parent'>,
  parentId: number | string,
): string {
  if (!resource.parent) return resourceBase(resource);
  const prefix = resource.gateway === 'users' ? USERS_API : MAIN_API;
  return `${prefix}/${resource.parent.resource}/${parentId}/${resource.name}`;
}

/** The query string values of a list query; one filter value is `field=v`, several `field[]=v`. */
export function toApiQuery(query: ListQuery): Record<string, unknown> {
  const result: Record<string, unknown> = { offset: query.offset, limit: query.limit };
  if (query.sort) result.sort = query.sort;
  if (query.search) result.search = query.search;
  if (query.after) result.after = query.after;
  for (const [field, values] of Object.entries(query.filters ?? {})) {
    if (values.length === 1) result[field] = values[0];
    else if (values.length > 1) result[field] = [...values];
  }
  return result;
}

/** The generic CRUD calls of spec §7, for any declared resource (under `base`, for a nested one). */
export function resourceCalls(client: ApiClient, resource: ResourceLocation, base: string = resourceBase(resource)) {
  return {
    list: (query: ListQuery, signal?: AbortSignal) =>
      client.get<ListResponse<ResourceRecord>>(base, toApiQuery(query), signal ? { signal } : {}),
    get: (id: number | string, signal?: AbortSignal) =>
      client.get<ResourceRecord>(`${base}/${id}`, undefined, signal ? { signal } : {}),
    create: (values: Record<string, unknown>) => client.post<ResourceRecord>(base, values),
    update: (id: number | string, values: Record<string, unknown>) =>
      client.put<ResourceRecord>(`${base}/${id}`, values),
    remove: (id: number | string) => client.delete(`${base}/${id}`),
    translations: (id: number | string) => client.get<TranslationEntry[]>(`${base}/${id}/translations`),
    /** Creates or replaces one language's values. */
    saveTranslation: (id: number | string, LanguageId: number, values: Record<string, string>) =>
      client.post<TranslationEntry>(`${base}/${id}/translations`, { LanguageId, values }),
    removeTranslation: (id: number | string, LanguageId: number) =>
      client.delete(`${base}/${id}/translations/${LanguageId}`),
  };
}

/**
 * Every row of a list query, page after page at the largest page size (the CSV export).
 * Stops at the total the server reports, or at a short page.
 */
export async function fetchAllPages(
  client: ApiClient,
  resource: ResourceLocation,
  query: Omit<ListQuery, 'offset' | 'limit'>,
  pageSize: number = LIST_LIMITS.maxLimit,
): Promise<ResourceRecord[]> {
  const calls = resourceCalls(client, resource);
  const rows: ResourceRecord[] = [];
  let after: string | null = null;
  for (;;) {
    // Keyset paging when the server gives a cursor: every page costs the same, however deep
    // (an export of 100 000 rows by offset reads the table again and again).
    const page = await calls.list({ ...query, offset: rows.length, limit: pageSize, ...(after ? { after } : {}) });
    rows.push(...page.data);
    if (page.data.length < pageSize || rows.length >= page.total) return rows;
    after = page.nextCursor ?? null;
  }
}

/** Uploads one image (spec §4): `onProgress` gets the bytes sent so far. */
export function uploadImage(
  client: ApiClient,
  file: File,
  kind: ImageKind,
  onProgress: (loadedBytes: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  return client.upload<UploadedImage>(UPLOAD_IMAGES_PATH, form, { onProgress });
}
