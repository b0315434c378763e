import { paths } from '@regie/contract/api';
import type { AdminPayloadResponse } from '@regie/contract/auth';
import { ACCOUNT_SEARCH_MIN_CHARS } from '@regie/contract/search';
import { useQueries, useQuery } from '@tanstack/react-query';
import { background } from './background.ts';
import type { SimulatedAccount } from './client.ts';
import { api } from './http.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The start-up payload and the analytics token, merged (spec §7 "Startup"). */
export interface Environment extends AdminPayloadResponse {
  googleAnalyticsToken: string | null;
}

async function loadEnvironment(): Promise<Environment> {
  const [payload, analytics] = await Promise.all([
    api.get<AdminPayloadResponse>(paths.adminPayload),
    // Analytics is optional: the back-office works without it.
    api.get<{ token: string | null }>(paths.googleAnalyticsToken).catch((error: unknown) => {
      console.error('Google Analytics token unavailable', error);
      return { token: null };
    }),
  ]);
  return { ...payload, googleAnalyticsToken: analytics.token };
}

const environmentQuery = {
  queryKey: queryKeys.environment,
  queryFn: loadEnvironment,
  staleTime: Infinity,
  retry: false,
};

export function useEnvironment() {
  return useQuery(environmentQuery);
}

/** Starts the environment check before the layout that waits for it is drawn (page start-up). */
export function prefetchEnvironment(): void {
  void queryClient.prefetchQuery(environmentQuery);
}

/** Admins' account search (spec §5): from 3 characters, as ordered by the server. */
export function useAccountSearch(name: string) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: queryKeys.accountSearch(trimmed),
    // A platform call: an admin acting for an account still searches as themself.
    queryFn: ({ signal }) =>
      api.get<SimulatedAccount[]>(paths.search('accounts'), { name: trimmed }, { signal, accountScoped: false }),
    enabled: trimmed.length >= ACCOUNT_SEARCH_MIN_CHARS,
    staleTime: 60_000,
  });
}

/** The SVG sprites of the sports' marker icons, as text to inline in the page. */
export function useSportSprites(environment: Environment | undefined) {
  const urls = (environment?.sports ?? [])
    .filter((sport) => sport.svgSpriteFilename)
    .map((sport) => `${environment?.assetsUrl}/markers/${sport.id}/${sport.svgSpriteFilename}`);
  return useQueries({
    queries: urls.map((url) => ({
      queryKey: queryKeys.sprite(url),
      // Sprites are large SVG files: the background worker downloads them off the main thread.
      queryFn: () => background()?.run<string>({ kind: 'text', url }) ?? api.text(url),
      staleTime: Infinity,
      retry: false,
    })),
  });
}
