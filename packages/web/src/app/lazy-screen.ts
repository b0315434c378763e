import { CHUNK_LOAD_TIMEOUT_MS } from '@regie/contract/ui';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen's code did not arrive within CHUNK_LOAD_TIMEOUT_MS (spec §8 'Loader timed out!'). */
export class LoaderTimeoutError extends Error {
  constructor() {
    super(`Loader timed out after ${CHUNK_LOAD_TIMEOUT_MS} ms`);
    this.name = 'LoaderTimeoutError';
  }
}

export type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * Loads a component on first render, from a module with named exports:
 * `lazyScreen(() => import('./Foo.tsx'), (m) => m.Foo)`. Failures reach the nearest
 * `ScreenLoadBoundary`, which tells a time-out from a failed download.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LoaderTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: pick(module) };
    } finally {
      clearTimeout(timer);
    }
  });
}
