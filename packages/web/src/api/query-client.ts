import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session/current-session.ts';
import { ApiError, isSessionError } from './client.ts';

/**
 * A rejected token ends the session; the authenticated layout then sends the user to
 * /login?lastpath=… (spec §8).
 */
function endSessionOnTokenError(error: unknown): void {
  if (isSessionError(error) && sessionStore.getState().user) sessionStore.clear({ signedOut: false });
}

/** How long an answer is fresh: a screen drawn within it reads it instead of asking again. */
export const QUERY_STALE_MS = 30_000;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOnTokenError }),
  mutationCache: new MutationCache({ onError: endSessionOnTokenError }),
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      refetchOnWindowFocus: false,
      // Client errors will not change on a second try.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
