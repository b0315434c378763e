/**
 * Build time, in Node (first-paint.plugin.ts bundles it): the login page (features/login) as
 * static markup, per language, for index.html to paint before any of the app's code has arrived
 * (first-paint.ts). It is the app's own LoginPage, rendered with the app's theme, language and
 * catalog, so the page React then draws is the same, in the same place.
 */
import { MantineProvider } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../../features/login/LoginPage.tsx';
import { loadCatalog } from '../../i18n/catalogs.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { LOGIN_PATH } from '../paths.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

/** The login page's markup in `language`, without the theme's style tags (index.html has them). */
export async function loginPageHtml(language: Language): Promise<string> {
  await loadCatalog(language);
  const i18n = createI18n(language);
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[LOGIN_PATH]}>
            <LoginPage />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return html.replace(/<style data-mantine-styles[^>]*>[\s\S]*?<\/style>/g, '');
}
