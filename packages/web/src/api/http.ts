import { PRODUCTION_BUILD } from '../app/build-env.ts';
import { accessSubject } from '../session/access.ts';
import { sessionStore } from '../session/current-session.ts';
import { type Credentials, createApiClient } from './client.ts';

/** The current session's token and account key, and the account an admin acts for. */
export function sessionCredentials(): Credentials {
  const { user, simulatedAccount } = sessionStore.getState();
  return {
    accessToken: user?.accessToken,
    accountKey: user?.accountKey,
    simulatedAccount,
    access: user ? accessSubject(user, PRODUCTION_BUILD) : undefined,
  };
}

/** The app's client, signed with the current session and simulated account. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  credentials: sessionCredentials,
});
