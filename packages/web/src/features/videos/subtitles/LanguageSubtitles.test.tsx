import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiContext } from '../../../api/api-context.ts';
import { createApiClient } from '../../../api/client.ts';
import { theme } from '../../../app/theme.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import '../../../test-utils.tsx';
import { LanguageSubtitles } from './LanguageSubtitles.tsx';

// jsdom has no font loading API, which Mantine's autosizing textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A server holding one video's French cues; PUT answers what `put` decides. */
function fakeServer(put: (body: unknown) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  let cues: unknown = [{ id: null, start: 1, end: 2.5, text: 'Bonjour' }];
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key' }),
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      sent.push({ method, path: String(input), body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'GET') return json(200, cues);
      const answer = put(body);
      if (answer.status === 200) cues = answer.body;
      return json(answer.status, answer.body);
    },
  });
  return { client, sent };
}

/** Inside a data router: the unsaved-changes guard needs one. */
function show(client: ReturnType<typeof createApiClient>) {
  const router = createMemoryRouter([
    { path: '/', element: <LanguageSubtitles videoId={7} language="fr" exists canWrite /> },
  ]);
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={client}>
            <RouterProvider router={router} />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('LanguageSubtitles', () => {
  it('edits the cues in place and saves them as the JSON cue list, times in seconds', async () => {
    const server = fakeServer((body) => ({ status: 200, body }));
    show(server.client);
    expect(await screen.findByRole('textbox', { name: 'Start of cue 1' })).toHaveProperty('value', '00:00:01.000');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text of cue 1' }), { target: { value: 'Salut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a cue' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text of cue 2' }), { target: { value: 'Suite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save subtitles' }));
    await waitFor(() => expect(server.sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = server.sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/main-api/videos/7/subtitles/fr');
    expect(put?.body).toEqual([
      { id: null, start: 1, end: 2.5, text: 'Salut' },
      { id: null, start: 2.5, end: 4.5, text: 'Suite' },
    ]);
  });

  it('resets the edited cues to the stored ones; the reset is disabled while nothing changed (spec §4)', async () => {
    const server = fakeServer((body) => ({ status: 200, body }));
    show(server.client);
    const text = (await screen.findByRole('textbox', { name: 'Text of cue 1' })) as HTMLInputElement;
    const stored = text.value;
    const reset = () => screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect(reset().disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'Changed' } });
    fireEvent.click(reset());
    expect((screen.getByRole('textbox', { name: 'Text of cue 1' }) as HTMLInputElement).value).toBe(stored);
    expect(reset().disabled).toBe(true);
    expect(server.sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('refuses a cue ending before it starts, without sending anything', async () => {
    const server = fakeServer((body) => ({ status: 200, body }));
    show(server.client);
    const end = await screen.findByRole('textbox', { name: 'End of cue 1' });
    fireEvent.change(end, { target: { value: '00:00:00.500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save subtitles' }));
    expect(await screen.findByText('The cue must end after it starts')).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("sends an uploaded SRT file as {format, content} and shows the server's line-numbered refusal", async () => {
    const server = fakeServer(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Line 3: a cue timing must look like 00:00:01,000 --> 00:00:02,000',
        errors: [{ path: 'line 3', message: 'bad timing' }],
      },
    }));
    show(server.client);
    await screen.findByRole('textbox', { name: 'Start of cue 1' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const content = '1\n00:00:01,000 -> 2\nHello\n';
    const file = new File([content], 'match.srt', { type: 'application/x-subrip' });
    // jsdom's File cannot read itself as text.
    Object.defineProperty(file, 'text', { value: async () => content });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(/^Line 3: a cue timing/)).toBeTruthy();
    expect(screen.getByText('line 3: bad timing')).toBeTruthy();
    const put = server.sent.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ format: 'srt', content });
  });
});
