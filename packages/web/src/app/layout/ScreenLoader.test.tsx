import { CHUNK_LOAD_TIMEOUT_MS } from '@regie/contract/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { chunkOfError, chunkOfLoader, lazyScreen } from '../lazy-screen.ts';
import { ScreenLoader } from './ScreenLoader.tsx';

/** Spec §8: a chunk that fails to load is named, and told apart from the time-out. */
describe('a screen whose code fails to load', () => {
  it("says 'Loading chunk N failed' with the chunk's name, not 'Loader timed out!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen(
      () =>
        Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3311/assets/VideoEdit-Bx9_q.js'),
        ),
      (module: { VideoEdit: () => null }) => module.VideoEdit,
    );
    renderWithProviders(
      <ScreenLoader>
        <Screen />
      </ScreenLoader>,
    );
    expect(await screen.findByText('Loading chunk VideoEdit-Bx9_q failed')).toBeTruthy();
    expect(screen.getByText('Error! Component failed to load')).toBeTruthy();
    expect(screen.queryByText('Loader timed out!')).toBeNull();
  });

  it('reads the chunk from the messages browsers give', () => {
    expect(chunkOfError(new TypeError('Importing a module script failed: https://a.b/assets/Tags-x1.js'))).toBe(
      'Tags-x1',
    );
    expect(chunkOfError(new Error('error loading dynamically imported module'))).toBe('?');
  });
});

describe('a screen whose code never comes', () => {
  it("says 'Loader timed out!' and 'Loading chunk N failed' after 120 s, naming the chunk", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // As a build's loader reads: the chunk's file in its source, a download that never ends.
      const never = (_file: string) => new Promise<{ Stats: () => null }>(() => undefined);
      const Screen = lazyScreen(
        () => never('./assets/EventStats-Qw3e.js'),
        (module) => module.Stats,
      );
      renderWithProviders(
        <ScreenLoader>
          <Screen />
        </ScreenLoader>,
      );
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1_000);
      expect(screen.queryByText('Loader timed out!')).toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await screen.findByText('Loader timed out!')).toBeTruthy();
      expect(screen.getByText('Loading chunk EventStats-Qw3e failed')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the chunk from a built loader’s source', () => {
    expect(chunkOfLoader(() => 'import("./Tags-x1.js")')).toBe('Tags-x1');
  });
});

describe('a screen preloaded at start-up', () => {
  it('downloads its code once and draws it, whether preload or the first render asks first', async () => {
    let downloads = 0;
    const Screen = lazyScreen(
      async () => {
        downloads += 1;
        return { Greeting: () => <p>Preloaded screen</p> };
      },
      (module) => module.Greeting,
    );
    Screen.preload();
    Screen.preload();
    renderWithProviders(
      <ScreenLoader>
        <Screen />
      </ScreenLoader>,
    );
    expect(await screen.findByText('Preloaded screen')).toBeTruthy();
    expect(downloads).toBe(1);
  });

  it('reports a failed preload when the screen is drawn, as a failed download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://a.b/assets/Tags-x1.js')),
      (module: { Tags: () => null }) => module.Tags,
    );
    Screen.preload();
    renderWithProviders(
      <ScreenLoader>
        <Screen />
      </ScreenLoader>,
    );
    expect(await screen.findByText('Loading chunk Tags-x1 failed')).toBeTruthy();
  });
});
