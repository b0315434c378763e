/**
 * Build time, in Node (first-paint.plugin.ts bundles it): the start screen (Splash: logo,
 * 'Welcome', 'Loading', spec §2) as static markup, per page that shows it and per language, for
 * index.html to paint before any of the app's code has arrived (first-paint.ts). It is the app's
 * own Splash, rendered with the app's theme and catalog, so what React then draws is the same.
 */
import { MantineProvider } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { loadCatalog } from '../../i18n/catalogs.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { T } from '../../i18n/T.tsx';
import { CHECK_PATH, START_PATH } from '../paths.ts';
import { Splash } from '../Splash.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';

/** The pages that open on the start screen: the start itself, and the session check's (with its own words). */
export const START_SCREEN_PATHS = [START_PATH, CHECK_PATH] as const;

/** The start screen's markup on `path` in `language`, without the theme's style tags (index.html has them). */
export async function startScreenHtml(path: (typeof START_SCREEN_PATHS)[number], language: Language): Promise<string> {
  await loadCatalog(language);
  const i18n = createI18n(language);
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <Splash message={path === CHECK_PATH ? <T k="check.checking" /> : undefined} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return html.replace(/<style data-mantine-styles[^>]*>[\s\S]*?<\/style>/g, '');
}
