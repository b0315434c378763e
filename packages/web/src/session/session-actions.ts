import { type ActingSession, actingPaths } from '@regie/contract/acting';
import { paths } from '@regie/contract/api';
import type { LoginResponse, MeContextResponse, MeResponse, UserMeta } from '@regie/contract/auth';
import { ApiError, type Credentials, type SimulatedAccount } from '../api/client.ts';
import { api } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { sessionStore } from './current-session.ts';
import { mergeSessionUser, type SessionUser, withContext, withMeta } from './session-store.ts';

/** Loads the profile and the context for a token, and builds the session user from them. */
async function loadUser(login: LoginResponse): Promise<SessionUser> {
  const credentials: Credentials = {
    accessToken: login.accessToken,
    accountKey: login.accountKey,
    simulatedAccount: sessionStore.getState().simulatedAccount,
  };
  const [me, context] = await Promise.all([
    api.get<MeResponse>(paths.me, undefined, { credentials }),
    api.get<MeContextResponse>(paths.meContext, undefined, { credentials }),
  ]);
  return mergeSessionUser(login, me, context);
}

/** Signs in (spec §2 /login); a response without accessToken counts as a failure. */
export async function signIn(username: string, password: string): Promise<SessionUser> {
  const login = await api.post<LoginResponse>(paths.login, { username, password }, { credentials: {} });
  if (!login?.accessToken) throw new ApiError(200, login, 'The login response holds no access token');
  const user = await loadUser(login);
  sessionStore.setUser(user);
  return user;
}

/** Checks the stored token against the server and refreshes the profile (spec §2 /check). */
export async function refreshSession(): Promise<SessionUser | null> {
  const { user } = sessionStore.getState();
  if (!user) return null;
  try {
    const fresh = await loadUser(user);
    sessionStore.setUser(fresh);
    return fresh;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) {
      sessionStore.clear({ signedOut: false });
      return null;
    }
    throw error;
  }
}

/**
 * Signs out (spec §4): the server forgets the token, the browser the session. An admin acting
 * for an account starts again from a blank page: local storage cleared and the page reloaded.
 */
export async function signOut(): Promise<void> {
  const { simulatedAccount } = sessionStore.getState();
  await api.delete(paths.logout).catch((error: unknown) => console.error('Logout request failed', error));
  if (simulatedAccount) {
    window.localStorage.clear();
    window.location.assign('/login');
    return;
  }
  sessionStore.clear({ signedOut: true });
  queryClient.clear();
}

/**
 * Switches the screens to another account (or back to the user's own): the context is fetched
 * again, since the server answers with that account's roles and modules, and every query is run
 * again. The server must already accept the account's key (an open acting session).
 */
async function applyAccount(account: SimulatedAccount | null): Promise<SessionUser | null> {
  const { user, simulatedAccount: previous } = sessionStore.getState();
  if (!user) return null;
  sessionStore.setSimulatedAccount(account);
  let updated: SessionUser;
  try {
    const context = await api.get<MeContextResponse>(paths.meContext);
    // Every later query of the simulation carries the account's SportId (spec §6).
    if (account) sessionStore.setSimulatedAccount({ ...account, SportId: context.account.SportId });
    updated = withContext(user, context);
  } catch (error) {
    sessionStore.setSimulatedAccount(previous);
    throw error;
  }
  sessionStore.setUser(updated);
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.environment[0] });
  return updated;
}

/** What an admin gives to act for an account (issue 26): the account, a reason, and the mode. */
export interface ActingChoice {
  account: SimulatedAccount;
  reason: string;
  readOnly: boolean;
}

/**
 * Acts for another account (platform admins): the server opens an acting session with the reason
 * (signed with the admin's own account key), then the screens switch to the account.
 */
export async function actForAccount({ account, reason, readOnly }: ActingChoice): Promise<SessionUser | null> {
  const opened = await api.post<ActingSession>(
    actingPaths.acting,
    { accountId: account.id, reason, readOnly },
    { accountScoped: false },
  );
  return applyAccount({ id: opened.accountId, name: opened.accountName, accountKey: opened.accountKey });
}

/** Stops acting for the account: the server ends the acting session, the screens go back to the admin's own. */
export async function stopActing(): Promise<SessionUser | null> {
  await api.delete(actingPaths.acting, { accountScoped: false });
  return applyAccount(null);
}

/**
 * The server no longer accepts the account's key (the acting session ended elsewhere: another tab
 * stopped it, or the session changed): back to the admin's own account.
 */
export function forgetActing(): Promise<SessionUser | null> {
  return applyAccount(null);
}

/** Saves the interface language in the user's meta; the UI follows the session at once. */
export async function saveLanguage(language: UserMeta['language']): Promise<void> {
  const response = await api.put<{ meta: UserMeta }>(paths.me, { meta: { language } }, { accountScoped: false });
  const { user } = sessionStore.getState();
  if (user) sessionStore.setUser(withMeta(user, response?.meta ?? { language }));
}
