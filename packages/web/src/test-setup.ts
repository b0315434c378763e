import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissAll } from './api/notify.ts';
import { loadCatalog } from './i18n/catalogs.ts';
import { sessionStore } from './session/current-session.ts';

// Tests render in either language at once (createI18n is synchronous): both catalogs first.
await Promise.all([loadCatalog('en'), loadCatalog('fr')]);

// Screens are lazy chunks: on a busy 2-core machine their first transform can outlast the
// default second of findBy/waitFor. A wait is not what these tests assert.
// One value for every file: files share their worker (isolate: false), so a file's own
// `configure` changed the wait of every file after it (a 3 s and several 4 s ones made a busy CI
// machine's waits shorter than this, and one failed); it is set back after each test.
const ASYNC_UTIL_TIMEOUT_MS = 5_000;
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// Files share their worker's modules (vitest.config.ts isolate: false): what one file leaves
// on screen, in the notification store or in storage must not reach the next one.
// The tab's session store reads storage when first imported: whichever file imported it first
// decided what the next files saw (a session left by first-paint's tests made the login page
// redirect a user without roles), so it reads storage again once storage is cleared. A page
// drawn without React (the embed page's tests) is removed with the rest of the screen.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  dismissAll();
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reload();
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
});
