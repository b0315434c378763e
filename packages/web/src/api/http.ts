import { sessionStore } from '../session/current-session.ts';
import { createApiClient } from './client.ts';

/** The app's client, signed with the current session and simulated account. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  credentials: () => {
    const { user, simulatedAccount } = sessionStore.getState();
    return { accessToken: user?.accessToken, accountKey: user?.accountKey, simulatedAccount };
  },
});
