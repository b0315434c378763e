import type { AccessSubject } from '@regie/contract/access';
import { API_VERSION, HEADER_ACCEPT_VERSION, HEADER_ACCOUNT_KEY, toQueryString } from '@regie/contract/api';

/** A field the server rejected, from the `errors` list of an error body. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * A response whose status does not start with 2 or 3 (spec §8), or a request that never reached
 * the server (status 0). `body` is the parsed JSON error body, or the raw text when not JSON.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly fieldErrors: readonly FieldError[];
  readonly body: unknown;

  /** A refusal's Retry-After in seconds (a 429, a 503), null when the answer gave none. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    body: unknown,
    fallbackMessage = `Request failed with status ${status}`,
    options: { retryAfter?: string | null } = {},
  ) {
    const record = isRecord(body) ? body : {};
    super(typeof record.message === 'string' ? record.message : fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    const retryAfter = Number(options.retryAfter ?? Number.NaN);
    this.retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
    this.error = typeof record.error === 'string' ? record.error : '';
    this.fieldErrors = Array.isArray(record.errors) ? record.errors.filter(isFieldError) : [];
    this.body = body;
  }
}

/**
 * A call the contract's access rules refuse to the user (spec §5 "Requests are blocked with
 * 'Action not authorised !'"): it never leaves the browser. The action layer translates it.
 */
export class NotAuthorisedError extends ApiError {
  constructor() {
    super(403, { message: 'Action not authorised !' });
    this.name = 'NotAuthorisedError';
  }
}

/** The account an admin acts for (spec §4, stored as `simulatedAccount`). */
export interface SimulatedAccount {
  id: number;
  name: string;
  accountKey: string;
  /** The account's SportId (contract SIMULATION_QUERY_KEYS), known once its context is read. */
  SportId?: number | null;
}

/** What the client needs to sign a request. */
export interface Credentials {
  accessToken?: string | undefined;
  accountKey?: string | undefined;
  simulatedAccount?: SimulatedAccount | null | undefined;
  /** Whose roles and modules the access rules look at; unknown while signing in (no check). */
  access?: AccessSubject | undefined;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Replaces the stored credentials, for the calls made while signing in. */
  credentials?: Credentials;
  /**
   * False for calls that belong to the user rather than to an account (their profile, the
   * admins' account search): signed with the user's own account key, no AccountId added.
   */
  accountScoped?: boolean;
  /** The contract's access rule of the call (a resource's read or write rule), checked before sending. */
  authorize?: (subject: AccessSubject) => boolean;
}

export interface ApiClientOptions {
  fetch: typeof fetch;
  /** Makes the request of an upload (XMLHttpRequest reports upload progress, fetch does not). */
  createUploadRequest?: () => XMLHttpRequest;
  /** Read on every request, so a change of session or simulated account applies at once. */
  credentials: () => Credentials;
  /** The interface language sent as Accept-Language; default: `<html lang>`. */
  language?: () => string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export interface UploadOptions {
  /** Bytes of the body sent so far, as the browser reports them. */
  onProgress?: (loadedBytes: number) => void;
  signal?: AbortSignal;
}

const METHODS_WITH_BODY: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);

/** The headers every call carries, and the account an admin acts for (null otherwise). */
function sign(options: ApiClientOptions, init: RequestOptions) {
  const credentials = init.credentials ?? options.credentials();
  const headers: Record<string, string> = { Accept: 'application/json', [HEADER_ACCEPT_VERSION]: API_VERSION };
  const simulated = init.accountScoped === false ? null : (credentials.simulatedAccount ?? null);
  const accountKey = simulated?.accountKey ?? credentials.accountKey;
  if (accountKey) headers[HEADER_ACCOUNT_KEY] = accountKey;
  if (credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  // The server answers its messages in the interface's language (<html lang> follows it).
  const language = options.language?.() ?? (typeof document === 'undefined' ? '' : document.documentElement.lang);
  if (language) headers['Accept-Language'] = language;
  return { headers, simulated };
}

/** Refuses, before anything is sent, a call the user's roles and modules do not allow. */
function assertAuthorised(options: ApiClientOptions, init: RequestOptions): void {
  const subject = (init.credentials ?? options.credentials()).access;
  if (init.authorize && subject && !init.authorize(subject)) throw new NotAuthorisedError();
}

/**
 * Spec §6: an admin acting for an account adds its AccountId and SportId to every query (an
 * explicit SportId of the call wins: a screen may filter by another sport).
 */
function scopedQuery(method: Method, simulated: SimulatedAccount | null, query: Record<string, unknown> = {}) {
  if (!simulated || method !== 'GET') return query;
  const sport = simulated.SportId == null || 'SportId' in query ? {} : { SportId: simulated.SportId };
  return { ...query, ...sport, AccountId: simulated.id };
}

/** Sends a multipart form with XMLHttpRequest (fetch reports no upload progress). */
function sendForm<T>(
  xhr: XMLHttpRequest,
  path: string,
  headers: Record<string, string>,
  form: FormData,
  init: UploadOptions & RequestOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => init.onProgress?.(event.loaded);
    xhr.onload = () => {
      const payload = parseText(xhr.responseText, xhr.getResponseHeader('content-type') ?? '');
      if (xhr.status < 200 || xhr.status >= 400) reject(new ApiError(xhr.status, payload, xhr.statusText || undefined));
      else resolve(payload as T);
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Upload failed: the server could not be reached'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The one HTTP client of the web app (spec §7). Components use query hooks built on it. */
export function createApiClient(options: ApiClientOptions) {
  async function request<T>(method: Method, path: string, init: RequestOptions = {}): Promise<T> {
    assertAuthorised(options, init);
    const signed = sign(options, init);
    const simulated = signed.simulated;
    const headers: Record<string, string> = { ...signed.headers, 'Content-Type': 'application/json', ...init.headers };

    let body = init.body;
    // An admin acting for an account writes into that account (spec §6).
    if (simulated && METHODS_WITH_BODY.has(method) && isRecord(body)) body = { ...body, AccountId: simulated.id };

    let response: Response;
    try {
      response = await options.fetch(path + toQueryString(scopedQuery(method, simulated, init.query)), {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: init.signal ?? null,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, null, cause instanceof Error ? cause.message : String(cause));
    }
    const payload = await readBody(response);
    if (response.status < 200 || response.status >= 400) {
      throw new ApiError(response.status, payload, response.statusText || undefined, {
        retryAfter: response.headers.get('retry-after'),
      });
    }
    return payload as T;
  }

  /**
   * POST multipart form data with upload progress (spec §4 "Image upload"). The browser sets the
   * multipart Content-Type itself; an admin acting for an account adds its AccountId.
   */
  async function upload<T>(path: string, form: FormData, init: UploadOptions & RequestOptions = {}): Promise<T> {
    assertAuthorised(options, init);
    const { headers, simulated } = sign(options, init);
    if (simulated) form.set('AccountId', String(simulated.id));
    return sendForm<T>(options.createUploadRequest?.() ?? new XMLHttpRequest(), path, headers, form, init);
  }

  /**
   * The address and headers of a GET, checked and signed as `request` would send it, for a fetch
   * made off the main thread (the background worker).
   */
  function prepare(path: string, init: RequestOptions = {}): { url: string; headers: Record<string, string> } {
    assertAuthorised(options, init);
    const { headers, simulated } = sign(options, init);
    return { url: path + toQueryString(scopedQuery('GET', simulated, init.query)), headers };
  }

  return {
    request,
    upload,
    prepare,
    get: <T>(path: string, query?: Record<string, unknown>, init?: RequestOptions) =>
      request<T>('GET', path, { ...init, ...(query ? { query } : {}) }),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PUT', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PATCH', path, { ...init, body }),
    delete: <T = unknown>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),
    /** A static text file (an SVG sprite): no API headers, which another host would refuse. */
    async text(url: string): Promise<string> {
      const response = await options.fetch(url);
      if (!response.ok) throw new ApiError(response.status, await readBody(response));
      return response.text();
    },
  };
}

/** JSON when the server says so, text otherwise, nothing for 204 or an empty body. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseText(await response.text(), response.headers.get('content-type') ?? '');
}

function parseText(text: string, type: string): unknown {
  if (!text) return undefined;
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

/** A rejected or expired session: the admin-payload 403 'token' case of spec §8, or any 401. */
export function isSessionError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || (error.status === 403 && /token/i.test(error.message));
}

/**
 * Issue 26: the server refused the account's key for want of an open acting session (it names the
 * x-account-key header as the field in error).
 */
export function isActingRequiredError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.fieldErrors.some((field) => field.path === HEADER_ACCOUNT_KEY)
  );
}
