import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session/current-session.ts';
import { forgetActing } from '../session/session-actions.ts';
import { ApiError, isActingRequiredError, isSessionError } from './client.ts';
import { notify } from './notify.ts';

/**
 * A rejected token ends the session; the authenticated layout then sends the user to
 * /login?lastpath=… (spec §8).
 */
function endSessionOnTokenError(error: unknown): void {
  if (isSessionError(error) && sessionStore.getState().user) sessionStore.clear({ signedOut: false });
  else if (isActingRequiredError(error) && sessionStore.getState().simulatedAccount) leaveEndedActing(error);
}

/**
 * The server no longer accepts the account acted for (issue 26: its acting session ended, in
 * another tab or by signing out elsewhere): back to the admin's own account, saying why (the
 * server's message asks to pick the account again with a reason). Once, however many queries fail.
 */
let leaving = false;
function leaveEndedActing(error: ApiError): void {
  if (leaving) return;
  leaving = true;
  notify({ type: 'warning', text: error.message, zone: 'floating' });
  forgetActing()
    .catch((cause: unknown) => console.error('Leaving the account failed', cause))
    .finally(() => {
      leaving = false;
    });
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
