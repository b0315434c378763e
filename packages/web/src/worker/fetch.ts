import { isRecord } from '@regie/contract/guards';
import { type BackgroundReply, type BackgroundRequest, collectPages, type PageOfRows, pageUrl } from './protocol.ts';

/**
 * The background worker, served at /worker/fetch.js (spec §7): downloads and parses what is
 * large (every page of a CSV export, sport sprites) so that the page stays responsive.
 */

/** The worker's global scope, typed by hand: the DOM and WebWorker libraries clash in one program. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; request: BackgroundRequest }>) => void) | null;
  postMessage: (reply: BackgroundReply) => void;
};

class FetchFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

async function read(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text || !(response.headers.get('content-type') ?? '').includes('json')) return text || undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function get(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch (cause) {
    throw new FetchFailure(0, null, cause instanceof Error ? cause.message : String(cause));
  }
  const body = await read(response);
  if (response.status < 200 || response.status >= 400) {
    throw new FetchFailure(
      response.status,
      body,
      response.statusText || `Request failed with status ${response.status}`,
    );
  }
  return body;
}

async function perform(request: BackgroundRequest): Promise<unknown> {
  if (request.kind === 'text') return String((await get(request.url)) ?? '');
  return collectPages(async (offset, after) => {
    const url = pageUrl(request.url, offset, request.pageSize, after);
    const page = await get(url, request.headers);
    if (!isPageOfRows(page)) throw new FetchFailure(0, null, `Not a page of records: ${url}`);
    return page;
  }, request.pageSize);
}

/** A list call's answer: the rows, their total and the next page's cursor. */
function isPageOfRows(value: unknown): value is PageOfRows<unknown> {
  return (
    isRecord(value) &&
    Array.isArray(value.data) &&
    typeof value.total === 'number' &&
    (value.nextCursor === undefined || value.nextCursor === null || typeof value.nextCursor === 'string')
  );
}

scope.onmessage = (event) => {
  const { id, request } = event.data;
  perform(request).then(
    (result) => scope.postMessage({ id, ok: true, result }),
    (error: unknown) => {
      const failure = error instanceof FetchFailure ? error : new FetchFailure(0, null, String(error));
      scope.postMessage({ id, ok: false, status: failure.status, body: failure.body, message: failure.message });
    },
  );
};
