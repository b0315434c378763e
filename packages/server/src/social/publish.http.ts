import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { failureOf } from './social.http.ts';
import { SocialError } from './social.types.ts';

/** An upload's longest silence before it is given up (the attempt is retried, resuming). */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A platform call whose answer the caller reads itself (a 308 of a resumable upload is no
 * error): redirects are not followed; 4xx and 5xx are SocialErrors with the platform's reason.
 */
export async function rawCall(platform: SocialPlatform, url: string | URL, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      ...init,
      signal: init.signal ?? AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SocialError(SOCIAL_MESSAGES.unreachable(SOCIAL_PLATFORM_NAMES[platform], reason), 'unreachable');
  }
  if (response.status >= 400) {
    throw failureOf(platform, response.status, await bodyOf(response), response.headers.get('retry-after'), 'post');
  }
  return response;
}

/** The JSON of an answer (an empty body is {}). */
export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const body = await bodyOf(response);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/**
 * Bytes [start, end] of a file as a request body that reports each chunk's progress
 * (`onBytes(start + sent so far)`), for fetch (duplex: half).
 */
export function fileSlice(path: string, start: number, end: number, onBytes: (sent: number) => void) {
  let sent = start;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      onBytes(sent);
      done(null, chunk);
    },
  });
  const stream = createReadStream(path, { start, end }).pipe(counter);
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/** fetch's options for a streamed body. */
export const streamed = { duplex: 'half' } as const;
