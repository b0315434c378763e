import { CHUNK_LOAD_TIMEOUT_MS } from '@regie/contract/ui';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen's code did not arrive within CHUNK_LOAD_TIMEOUT_MS (spec §8 'Loader timed out!', and
 * 'Loading chunk N failed' after 120 s): `chunk` names the file that never came ('?' unknown).
 */
export class LoaderTimeoutError extends Error {
  readonly chunk: string;

  constructor(chunk = '?') {
    super(`Loader timed out after ${CHUNK_LOAD_TIMEOUT_MS} ms (chunk ${chunk})`);
    this.name = 'LoaderTimeoutError';
    this.chunk = chunk;
  }
}

/**
 * A screen's code could not be downloaded (spec §8 'Loading chunk N failed'): N names the chunk,
 * the file the bundler made of the screen, so a report says which one the network lost.
 */
export class ChunkLoadError extends Error {
  readonly chunk: string;

  constructor(chunk: string, cause: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

/**
 * The chunk a failed dynamic import names: browsers put the script's address in the message
 * ('Failed to fetch dynamically imported module: https://…/assets/VideoEdit-Bx9.js'); its file
 * name without extension is the chunk. Unknown when the message names no script.
 */
export function chunkOfError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const file = /([\w.-]+?)\.m?js\b/.exec(message)?.[1];
  return file ?? '?';
}

/** True for the errors browsers raise when a dynamically imported script does not arrive. */
export function isChunkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading/i.test(
    error.message,
  );
}

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts downloading the screen's code before it is drawn (the page's start-up, main.tsx). */
  preload(): void;
  /**
   * Asks for the data the screen shows first, for the page's query (`?page=2&sort=…`), before it
   * is drawn: a list screen's rows (resources/list-prefetch.ts).
   */
  prefetch?(search: string): void;
};

/**
 * Loads a component on first render, from a module with named exports:
 * `lazyScreen(() => import('./Foo.tsx'), (m) => m.Foo)`. Failures reach the nearest
 * `ScreenLoadBoundary`, which tells a time-out from a failed download.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  // One download, whether preload() or the first render asks first.
  let started: Promise<M> | undefined;
  let loaded: { default: ComponentType } | undefined;
  const download = () => {
    started ??= load().then((module) => {
      loaded = { default: pick(module) };
      return module;
    });
    return started;
  };
  const component = lazy(() => (loaded ? settled(loaded) : timedDownload(download, pick, chunkOfLoader(load))));
  return Object.assign(component, {
    preload() {
      // A failure is the first render's to report, through the screen's boundary.
      download().catch(() => undefined);
    },
  });
}

/**
 * A thenable that hands over a module already downloaded (preloaded) at once: React's lazy then
 * renders the screen without suspending, so the page does not wait for React 19's throttled
 * reveal of a Suspense boundary (300 ms) before the screen, and its calls, start.
 */
function settled<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  const then: Promise<T>['then'] = (onFulfilled, onRejected) => {
    if (!onFulfilled) return promise.then(onFulfilled, onRejected);
    try {
      return Promise.resolve(onFulfilled(value));
    } catch (error) {
      return promise.then(() => Promise.reject(error), onRejected);
    }
  };
  return Object.assign(promise, { then });
}

/**
 * The chunk a screen's loader downloads, read from its own source: in a build the loader is
 * `()=>import("./VideoEdit-Bx9.js")` (under Vite's preload helper), so a time-out can name the
 * file that never came, as a failed download does. '?' when its source names none (development).
 */
export function chunkOfLoader(load: () => unknown): string {
  return chunkOfError(Function.prototype.toString.call(load));
}

async function timedDownload<M>(
  download: () => Promise<M>,
  pick: (module: M) => ComponentType,
  chunk: string,
): Promise<{ default: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoaderTimeoutError(chunk)), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    const module = await Promise.race([download(), timeout]);
    return { default: pick(module) };
  } catch (error) {
    if (isChunkFailure(error)) throw new ChunkLoadError(chunkOfError(error), error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
