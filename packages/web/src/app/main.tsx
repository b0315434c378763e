import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserLanguage, startI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { Providers } from './Providers.tsx';
import { createRouter, preloadPage } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const mount = root;
const { user } = sessionStore.getState();
preloadPage(window.location.pathname, user !== null);
// Only the catalog of the language shown is fetched before the first render.
void startI18n(user?.meta?.language ?? browserLanguage()).then((i18n) => {
  createRoot(mount).render(
    <StrictMode>
      <Providers i18n={i18n}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
});
