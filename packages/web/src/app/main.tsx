import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserLanguage, startI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { FIRST_PAINT_ELEMENT_ID } from './first-paint/shell-html.ts';
import { Providers } from './Providers.tsx';
import { pageReady } from './page-ready.ts';
import { createRouter, preloadPage } from './router.tsx';

/**
 * The frame index.html painted before the app's code arrived goes in the app's first commit,
 * which draws the same frame in #root: one replaces the other within a frame (first-paint/).
 */
function FirstPaintHandOff() {
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove(), []);
  return null;
}

const { user } = sessionStore.getState();
preloadPage(window.location.pathname, user !== null);
// Only the catalog of the language shown is fetched before the first render, while the page
// finishes loading (this code may arrive before #root is parsed: page-ready.ts).
void Promise.all([startI18n(user?.meta?.language ?? browserLanguage()), pageReady()]).then(([i18n]) => {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const app = createRoot(root);
  // A transition: React draws the first page in slices between frames instead of one long task,
  // the early frame staying on screen meanwhile (first-paint/).
  startTransition(() =>
    app.render(
      <StrictMode>
        <FirstPaintHandOff />
        <Providers i18n={i18n}>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    ),
  );
});
