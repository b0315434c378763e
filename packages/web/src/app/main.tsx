import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserLanguage, createI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { Providers } from './Providers.tsx';
import { createRouter } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const i18n = createI18n(sessionStore.getState().user?.meta?.language ?? browserLanguage());

createRoot(root).render(
  <StrictMode>
    <Providers i18n={i18n}>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
