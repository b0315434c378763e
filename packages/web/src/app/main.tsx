import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserLanguage, startI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { FIRST_PAINT_ELEMENT_ID } from './first-paint/shell-html.ts';
import { Providers } from './Providers.tsx';
import { createRouter, preloadPage } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const mount = root;

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
// Only the catalog of the language shown is fetched before the first render.
void startI18n(user?.meta?.language ?? browserLanguage()).then((i18n) => {
  createRoot(mount).render(
    <StrictMode>
      <FirstPaintHandOff />
      <Providers i18n={i18n}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
});
