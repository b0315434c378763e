import { HEADER_EXPORT_TOTAL } from '@regie/contract/api';
import { type ApiClient, ApiError } from './client.ts';

export interface ExportProgress {
  rows: number;
  total: number;
}

/** Line ends in a chunk of the CSV: one per row once the header line is taken off. */
export function countLineEnds(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === 10) count += 1;
  return count;
}

/**
 * Downloads a streamed CSV export (GET fans/export, a ranking's /export…): the server streams the
 * rows and says how many in HEADER_EXPORT_TOTAL; the rows received so far are reported as they
 * come. The file, named by the server, is handed to the browser once complete.
 */
export async function downloadStreamedCsv(
  api: ApiClient,
  request: { path: string; query?: Record<string, unknown>; fallbackName: string },
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { url, headers } = api.prepare(request.path, request.query ? { query: request.query } : {});
  const response = await fetch(url, { headers: { ...headers, Accept: 'text/csv' }, ...(signal ? { signal } : {}) });
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the raw text is the error's body.
    }
    throw new ApiError(response.status, body);
  }
  const total = Number(response.headers.get(HEADER_EXPORT_TOTAL) ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // A copy over a plain ArrayBuffer, which a Blob takes (the stream's chunk may view a shared one).
    chunks.push(value.slice());
    lines += countLineEnds(value);
    onProgress({ rows: Math.max(0, lines - 1), total });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? request.fallbackName;
  const link = document.createElement('a');
  const href = URL.createObjectURL(new Blob(chunks, { type: 'text/csv;charset=utf-8' }));
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
