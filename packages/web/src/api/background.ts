import { BACKGROUND_WORKER_PATH } from '@regie/contract/ui';
import type { BackgroundReply, BackgroundRequest } from '../worker/protocol.ts';
import { ApiError } from './client.ts';

/**
 * The page's side of the background worker (spec §7 "/worker/fetch.js"): one worker, started on
 * first use; each request gets its reply by id. Null where workers do not exist (unit tests):
 * callers then do the work in the page.
 */
export interface Background {
  run<T>(request: BackgroundRequest): Promise<T>;
}

let shared: Background | null | undefined;

export function createBackground(worker: Pick<Worker, 'postMessage' | 'addEventListener'>): Background {
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let nextId = 1;
  worker.addEventListener('message', (event: MessageEvent<BackgroundReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new ApiError(reply.status, reply.body, reply.message));
  });
  return {
    run<T>(request: BackgroundRequest): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: (value) => resolve(value as T), reject });
        worker.postMessage({ id, request });
      });
    },
  };
}

/** The app's worker, or null where the browser has none. */
export function background(): Background | null {
  if (shared !== undefined) return shared;
  shared =
    typeof Worker === 'undefined' ? null : createBackground(new Worker(BACKGROUND_WORKER_PATH, { type: 'module' }));
  return shared;
}
