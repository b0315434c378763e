import { type QueryBody, type QueryResult, queryPaths } from '@regie/contract/query-builder';
import { type ApiClient, ApiError } from '../../../api/client.ts';

/** POST admin-tools/query: the table's rows (or groups). */
export function runQuery(api: ApiClient, body: QueryBody): Promise<QueryResult> {
  return api.post<QueryResult>(queryPaths.run, body);
}

/**
 * POST admin-tools/query/export: the CSV, streamed by the server, handed to the browser as a file
 * once received (named by the server's content-disposition).
 */
export async function exportQuery(api: ApiClient, body: QueryBody, signal?: AbortSignal): Promise<void> {
  const { url, headers } = api.prepare(queryPaths.export);
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, Accept: 'text/csv', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Not JSON: the raw text is the error's body.
    }
    throw new ApiError(response.status, payload);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'query.csv';
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
