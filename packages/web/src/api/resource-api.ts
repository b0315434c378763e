import { resourcePath } from '@regie/contract/api';
import type { ResourceDefinition } from '@regie/contract/resources/define';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import { mayUseResource, type ResourceOperation } from '@regie/contract/resources/permissions';
import type { ListResponse, TranslationEntry } from '@regie/contract/resources/shapes';
import { type ImageKind, UPLOAD_IMAGES_PATH } from '@regie/contract/uploads';
import type { UploadedImage } from '@regie/contract/uploads.schemas';
import type { ResourceRecord } from '../resources/any-resource.ts';
import { collectPages } from '../worker/protocol.ts';
import type { Background } from './background.ts';
import type { ApiClient, RequestOptions } from './client.ts';

/**
 * What the generic calls need to know of a resource: where it lives (under which parent, for a
 * nested one), and, when given, who may read and write it (the client then refuses a call the
 * rules do not allow before sending it).
 */
export type ResourceLocation = Pick<ResourceDefinition, 'name' | 'gateway'> &
  Partial<Pick<ResourceDefinition, 'access' | 'tenancy' | 'parent'>>;

/** The request option that checks the resource's rule for the operation, if it declares one. */
function guard(resource: ResourceLocation, operation: ResourceOperation): RequestOptions {
  const { access, tenancy } = resource;
  if (!access || !tenancy) return {};
  return { authorize: (subject) => mayUseResource(subject, { access, tenancy }, operation) };
}

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
  return resourcePath({ gateway: resource.gateway, name: resource.name });
}

/** A nested resource's base under one parent record: /main-api/competitions/7/seasons. */
export function nestedBase(resource: ResourceLocation, parentId: number | string): string {
  return resource.parent ? resourcePath(resource, parentId) : resourceBase(resource);
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
  const read = guard(resource, 'read');
  const write = guard(resource, 'write');
  return {
    list: (query: ListQuery, signal?: AbortSignal) =>
      client.get<ListResponse<ResourceRecord>>(base, toApiQuery(query), { ...read, ...(signal ? { signal } : {}) }),
    get: (id: number | string, signal?: AbortSignal) =>
      client.get<ResourceRecord>(`${base}/${id}`, undefined, { ...read, ...(signal ? { signal } : {}) }),
    create: (values: Record<string, unknown>) => client.post<ResourceRecord>(base, values, write),
    update: (id: number | string, values: Record<string, unknown>) =>
      client.put<ResourceRecord>(`${base}/${id}`, values, write),
    remove: (id: number | string) => client.delete(`${base}/${id}`, write),
    translations: (id: number | string) =>
      client.get<TranslationEntry[]>(`${base}/${id}/translations`, undefined, read),
    /** Creates or replaces one language's values. */
    saveTranslation: (id: number | string, LanguageId: number, values: Record<string, string>) =>
      client.post<TranslationEntry>(`${base}/${id}/translations`, { LanguageId, values }, write),
    removeTranslation: (id: number | string, LanguageId: number) =>
      client.delete(`${base}/${id}/translations/${LanguageId}`, write),
  };
}

/**
 * Every row of a list query, page after page at the largest page size (the CSV export). With
 * the background worker the pages are fetched and parsed there, off the main thread (spec §7).
 */
export async function fetchAllPages(
  client: ApiClient,
  resource: ResourceLocation,
  query: Omit<ListQuery, 'offset' | 'limit'>,
  pageSize: number = LIST_LIMITS.maxLimit,
  worker: Background | null = null,
): Promise<ResourceRecord[]> {
  if (worker) {
    const { offset: _offset, limit: _limit, ...listQuery } = toApiQuery({ ...query, offset: 0, limit: pageSize });
    const { url, headers } = client.prepare(resourceBase(resource), { ...guard(resource, 'read'), query: listQuery });
    return worker.run<ResourceRecord[]>({ kind: 'pages', url, headers, pageSize });
  }
  const calls = resourceCalls(client, resource);
  return collectPages(
    (offset, after) => calls.list({ ...query, offset, limit: pageSize, ...(after ? { after } : {}) }),
    pageSize,
  );
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
