import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/query-client.ts';
import { useSession } from '../session/current-session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The interface speaks the user's language (meta.language) once signed in. */
function LanguageFromSession({ i18n }: { i18n: I18n }) {
  const { user } = useSession();
  const language: Language | undefined = user?.meta?.language;
  useEffect(() => {
    if (language && i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  return null;
}

export function Providers({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <LanguageFromSession i18n={i18n} />
          {children}
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
