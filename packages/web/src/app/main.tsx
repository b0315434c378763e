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
 * What index.html painted before the app's code arrived (a frame, the login page) goes in the
 * app's first commit, which draws the same in #root: one replaces the other within a frame
 * (first-paint/). Last in the tree, so that its effect runs after the page's own.
 */
function FirstPaintHandOff() {
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove(), []);
  return null;
}

const { user } = sessionStore.getState();
preloadPage(window.location.pathname, user !== null);
// Only the catalog of the language shown is fetched before the first render, while the page
// finishes loading (this code may arrive before #root is parsed: page-ready.ts).
/** Lets the browser paint and handle input between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const [i18n] = await Promise.all([startI18n(user?.meta?.language ?? browserLanguage()), pageReady()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // The route tree (two hundred routes, matched once here) in a task of its own, then the first
  // render as a transition: React draws it in slices between frames instead of one long task,
  // the early frame staying on screen meanwhile (first-paint/).
  await nextTask();
  const router = createRouter();
  await nextTask();
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers i18n={i18n}>
          <RouterProvider router={router} />
        </Providers>
        <FirstPaintHandOff />
      </StrictMode>,
    ),
  );
}

void start();
