import type { TranslationEntry } from '@regie/contract/resources/shapes';
import { type ApiClient, createApiClient } from '../api/client.ts';
import type { ResourceRecord } from './any-resource.ts';

/**
 * An in-memory stand-in for the server's generic CRUD of one resource (list query syntax of
 * contract shapes.ts with keyset cursors, 409 on a unique conflict, translations), for render tests: no network.
 */
export interface FakeServer {
  client: ApiClient;
  records: ResourceRecord[];
  translations: Map<number, TranslationEntry[]>;
  /** `METHOD path?query` of every request, and the JSON bodies sent. */
  requests: string[];
  bodies: unknown[];
}

const LANGUAGE_CODES: Record<number, 'en' | 'fr'> = { 1: 'en', 2: 'fr' };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function conflict(field: string): Response {
  const message = `This ${field} is already used`;
  return json(409, { statusCode: 409, error: 'Conflict', message, errors: [{ path: field, message }] });
}

/** GET {base}?…: search, filters, sort (then id), keyset cursor or offset, like the server. */
function listPage(records: readonly ResourceRecord[], url: URL, searchField: string): Response {
  const params = url.searchParams;
  let rows = [...records];
  const search = params.get('search')?.toLowerCase();
  if (search) rows = rows.filter((row) => String(row[searchField]).toLowerCase().includes(search));
  const filters = new Set([...params.keys()].map((key) => key.replace(/\[\]$/, '')));
  for (const field of filters) {
    if (['offset', 'limit', 'sort', 'search', 'after'].includes(field)) continue;
    const values = [...params.getAll(field), ...params.getAll(`${field}[]`)];
    rows = rows.filter((row) => values.includes(String(row[field])));
  }
  const sort = params.get('sort') ?? 'id';
  const field = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? -1 : 1;
  // Like the server: the sort field, then the id the same way, so a cursor is one position.
  const order = (a: ResourceRecord, b: ResourceRecord) =>
    (String(a[field]).localeCompare(String(b[field])) || a.id - b.id) * direction;
  rows.sort(order);
  const total = rows.length;
  const after = params.get('after');
  if (after) {
    const [cursorSort, value, id] = JSON.parse(atob(after)) as [string, string, number];
    if (cursorSort !== sort) return json(400, { statusCode: 400, error: 'Bad Request', message: 'Invalid cursor' });
    rows = rows.filter((row) => order(row, { id, [field]: value }) > 0);
  }
  const offset = after ? 0 : Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 25);
  const data = rows.slice(offset, offset + limit);
  const last = data.at(-1);
  const nextCursor =
    last && rows.length > offset + limit ? btoa(JSON.stringify([sort, String(last[field]), last.id])) : null;
  return json(200, { data, total, offset, limit, nextCursor });
}

/** {base}/{id}/translations: read them, create or replace one language's, delete one. */
function answerTranslations(
  translations: Map<number, TranslationEntry[]>,
  recordId: number,
  method: string,
  languageId: string | undefined,
  body: unknown,
  now: string,
): Response {
  const entries = translations.get(recordId) ?? [];
  if (method === 'GET') return json(200, entries);
  if (method === 'POST') {
    const { LanguageId, values } = body as { LanguageId: number; values: Record<string, string> };
    const entry: TranslationEntry = {
      LanguageId,
      language: LANGUAGE_CODES[LanguageId] ?? 'en',
      values,
      updatedAt: now,
    };
    translations.set(recordId, [...entries.filter((item) => item.LanguageId !== LanguageId), entry]);
    return json(201, entry);
  }
  translations.set(
    recordId,
    entries.filter((item) => item.LanguageId !== Number(languageId)),
  );
  return json(204, undefined);
}

export function createFakeServer(options: {
  base: string;
  records?: ResourceRecord[];
  /** Fields unique together, checked on create and update. */
  unique?: readonly string[];
  searchField?: string;
  /**
   * Fixed answers of other calls the screens make, by `METHOD /path` (no query): the groups a
   * user form offers, an account's modules, a cache purge.
   */
  answers?: Readonly<Record<string, unknown>>;
}): FakeServer {
  const records = [...(options.records ?? [])];
  const translations = new Map<number, TranslationEntry[]>();
  const requests: string[] = [];
  const bodies: unknown[] = [];
  let nextId = Math.max(0, ...records.map((record) => record.id)) + 1;
  const stamp = () => new Date(Date.UTC(2024, 4, 1, 10, requests.length)).toISOString();

  const clash = (candidate: Record<string, unknown>, id: number | null) =>
    options.unique?.length &&
    records.some((record) => record.id !== id && options.unique?.every((field) => record[field] === candidate[field]));

  async function answer(method: string, url: URL, body: unknown): Promise<Response> {
    const rest = url.pathname.slice(options.base.length).split('/').filter(Boolean);
    const id = rest[0] ? Number(rest[0]) : null;
    const record = records.find((item) => item.id === id);
    if (id === null) {
      if (method === 'GET') return listPage(records, url, options.searchField ?? 'name');
      const values = body as Record<string, unknown>;
      const field = options.unique?.[0];
      if (field && clash(values, null)) return conflict(field);
      const created: ResourceRecord = { ...values, id: nextId++, AccountId: 2, createdAt: stamp(), updatedAt: stamp() };
      records.push(created);
      return json(201, created);
    }
    if (!record) return json(404, { statusCode: 404, error: 'Not Found', message: `Record ${id} not found` });
    if (rest[1] === 'translations') return answerTranslations(translations, record.id, method, rest[2], body, stamp());
    if (method === 'GET') return json(200, record);
    if (method === 'DELETE') {
      records.splice(records.indexOf(record), 1);
      return json(204, undefined);
    }
    const values = body as Record<string, unknown>;
    const field = options.unique?.[0];
    if (field && clash({ ...record, ...values }, record.id)) return conflict(field);
    Object.assign(record, values, { updatedAt: stamp() });
    return json(200, record);
  }

  const client = createApiClient({
    credentials: () => ({ accessToken: 'token-1', accountKey: 'key-2' }),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://regie.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push(`${method} ${decodeURIComponent(url.pathname + url.search)}`);
      if (body !== undefined) bodies.push(body);
      const fixed = `${method} ${decodeURIComponent(url.pathname)}`;
      if (options.answers && fixed in options.answers) return json(200, options.answers[fixed]);
      return answer(method, url, body);
    },
  });
  return { client, records, translations, requests, bodies };
}
