import { MantineProvider } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createApiClient } from './api/client.ts';
import { useMessages } from './api/notify.ts';
import { theme } from './app/theme.ts';
import { createI18n } from './i18n/i18n.ts';

// jsdom lacks the layout APIs Mantine reads.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!Element.prototype.scrollIntoView) {
  // Combobox options scroll into view as the keyboard moves through them.
  Element.prototype.scrollIntoView = () => undefined;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders with the app's providers, in the given interface language. */
export function renderWithProviders(ui: ReactNode, { language = 'en' as Language, path = '/' } = {}) {
  const i18n = createI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

/** A write a fake server received. */
export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * An API client on a fake server: each GET answered with `read(path)`, each write with
 * `write(sent)` and recorded in `sent`, in order.
 */
export function fakeApi({
  read,
  write,
}: {
  read: (path: string) => unknown;
  write: (sent: SentCall) => { status: number; body: unknown };
}) {
  const sent: SentCall[] = [];
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key' }),
    fetch: async (input, init) => {
      const path = String(input).split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      if (method === 'GET') return Response.json(read(path));
      const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(call);
      const { status, body } = write(call);
      return Response.json(body, { status });
    },
  });
  return { client, sent };
}

/** The notices shown on the main screen, as a list the tests read. */
export function Notices() {
  return (
    <ul aria-label="notices">
      {useMessages('main').map((message) => (
        <li key={message.id}>{message.text}</li>
      ))}
    </ul>
  );
}
