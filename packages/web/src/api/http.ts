import { sessionStore } from '../session/current-session.ts';
import { type Credentials, createApiClient } from './client.ts';

/** The current session's token and account key, and the account an admin acts for. */
export function sessionCredentials(): Credentials {
  const { user, simulatedAccount } = sessionStore.getState();
  return { accessToken: user?.accessToken, accountKey: user?.accountKey, simulatedAccount };
}

/** The app's client, signed with the current session and simulated account. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  credentials: sessionCredentials,
});
