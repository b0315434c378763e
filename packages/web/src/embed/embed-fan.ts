import { HEADER_EMBED_TOKEN } from '@regie/contract/embed';
import { isRecord } from '@regie/contract/guards';

/**
 * The fan's session on the embed page (the public fan API, contract fans.ts): kept in the page's
 * storage per player page (its token names the club), like the chat's viewer id. Pure
 * parts tested in embed-games.test.ts.
 */

const SESSION_STORAGE_PREFIX = 'regie.fan.session.';

export interface FanSession {
  token: string;
  expiresAt: string;
}

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The session kept in this browser for the page's club (its token names it), if it has not expired. */
export function storedSession(
  pageToken: string,
  now = Date.now(),
  kept: Storage | null = storage(),
): FanSession | null {
  let value: unknown = null;
  try {
    value = JSON.parse(kept?.getItem(SESSION_STORAGE_PREFIX + pageToken) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.token !== 'string' || typeof value.expiresAt !== 'string') return null;
  const expires = Date.parse(value.expiresAt);
  if (Number.isNaN(expires) || expires <= now) return null;
  return { token: value.token, expiresAt: value.expiresAt };
}

export function keepSession(pageToken: string, session: FanSession | null, kept: Storage | null = storage()): void {
  try {
    if (session) kept?.setItem(SESSION_STORAGE_PREFIX + pageToken, JSON.stringify(session));
    else kept?.removeItem(SESSION_STORAGE_PREFIX + pageToken);
  } catch {
    // Storage refused (private mode, blocked third-party storage): the session lasts this view.
  }
}

/** One call of the fan API: its status and body (null when unreadable), or null offline. */
export async function fanCall(
  url: string,
  options: { method?: string; body?: unknown; embedToken?: string; token?: string; language: string },
): Promise<{ status: number; body: unknown } | null> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': options.language };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.embedToken) headers[HEADER_EMBED_TOKEN] = options.embedToken;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    cache: 'no-cache',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  }).catch(() => null);
  if (!response) return null;
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** The server's message of a refusal (already in the page's language), else null. */
export function refusal(answer: { body: unknown } | null): string | null {
  return answer && isRecord(answer.body) && typeof answer.body.message === 'string' ? answer.body.message : null;
}

/**
 * The fan's session on this page, shared by what needs it (the games panel, the sign-in before a
 * fans-only or paid video): signing in or out in one is seen by the others, and kept in storage.
 */
export class FanSessionStore {
  private session: FanSession | null;
  private readonly listeners = new Set<(session: FanSession | null) => void>();

  constructor(
    private readonly pageToken: string,
    private readonly kept: Storage | null = storage(),
  ) {
    this.session = storedSession(pageToken, Date.now(), kept);
  }

  get current(): FanSession | null {
    return this.session;
  }

  set(session: FanSession | null): void {
    this.session = session;
    keepSession(this.pageToken, session, this.kept);
    for (const listener of this.listeners) listener(session);
  }

  /** Called on each change; answers the unsubscription. */
  subscribe(listener: (session: FanSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
