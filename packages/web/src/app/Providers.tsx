import '@mantine/core/styles.css';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/query-client.ts';
import { useT } from '../i18n/use-t.ts';
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

/**
 * The theme in the user's language: every input's clear button (a select, a date, a search box
 * with `clearable`) is named "Clear" unless its field names it better (DateTimeField): a button
 * without a name is a critical accessibility failure (axe button-name).
 */
function ThemedMantine({ children }: { children: ReactNode }) {
  const t = useT();
  const clear = t('widgets.input.clear');
  const translated = useMemo(
    () => mergeThemeOverrides(theme, { components: { InputClearButton: { defaultProps: { 'aria-label': clear } } } }),
    [clear],
  );
  return (
    <MantineProvider theme={translated} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function Providers({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedMantine>
        <QueryClientProvider client={queryClient}>
          <LanguageFromSession i18n={i18n} />
          {children}
        </QueryClientProvider>
      </ThemedMantine>
    </I18nextProvider>
  );
}
