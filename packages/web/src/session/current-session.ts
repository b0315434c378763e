import { STORAGE_KEYS } from '@regie/contract/ui';
import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionState } from './session-store.ts';

/** The browser's session: one per tab, kept in step with the other tabs through storage events. */
export const sessionStore = createSessionStore(window.localStorage);

window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.session || event.key === STORAGE_KEYS.simulatedAccount) {
    sessionStore.reload();
  }
});

export function useSession(): SessionState {
  // The same snapshot when rendered at build time (the login page painted from index.html).
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
