import type { LoginResponse, MeContextResponse, MeResponse, UserMeta } from '@regie/contract/auth';
import { STORAGE_KEYS } from '@regie/contract/ui';
import type { SimulatedAccount } from '../api/client.ts';

/**
 * The session user (spec §3): the login response, then the 'me' profile merged in, then the
 * context (the roles, modules, homepage and languages of the account the user acts for).
 */
export type SessionUser = LoginResponse & MeResponse & MeContextResponse;

export function mergeSessionUser(login: LoginResponse, me: MeResponse, context: MeContextResponse): SessionUser {
  return { ...login, ...me, ...context };
}

/** The same user seen through a new context: after selecting or leaving an account. */
export function withContext(user: SessionUser, context: MeContextResponse): SessionUser {
  return { ...user, ...context };
}

export function withMeta(user: SessionUser, meta: Partial<UserMeta>): SessionUser {
  return { ...user, meta: { ...user.meta, ...meta } };
}

export interface SessionState {
  user: SessionUser | null;
  simulatedAccount: SimulatedAccount | null;
  /** True after the user signed out themself: the login page then needs no `lastpath`. */
  signedOut: boolean;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The session kept in localStorage (spec §4), observable for React's useSyncExternalStore. */
export function createSessionStore(storage: Storage) {
  let state: SessionState = read();
  const listeners = new Set<() => void>();

  function read(): SessionState {
    const user = parse<SessionUser>(storage.getItem(STORAGE_KEYS.session));
    const simulatedAccount = parse<SimulatedAccount>(storage.getItem(STORAGE_KEYS.simulatedAccount));
    return { user: user?.accessToken ? user : null, simulatedAccount, signedOut: false };
  }

  function publish(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setUser(user: SessionUser): void {
      storage.setItem(STORAGE_KEYS.session, JSON.stringify(user));
      publish({ ...state, user, signedOut: false });
    },
    setSimulatedAccount(account: SimulatedAccount | null): void {
      if (account) storage.setItem(STORAGE_KEYS.simulatedAccount, JSON.stringify(account));
      else storage.removeItem(STORAGE_KEYS.simulatedAccount);
      publish({ ...state, simulatedAccount: account });
    },
    /** Forgets the session and its token; `signedOut` tells whether the user asked for it. */
    clear({ signedOut }: { signedOut: boolean }): void {
      storage.removeItem(STORAGE_KEYS.session);
      storage.removeItem(STORAGE_KEYS.simulatedAccount);
      publish({ user: null, simulatedAccount: null, signedOut });
    },
    /** Another tab signed in, out, or switched account. */
    reload(): void {
      publish(read());
    },
  };
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
