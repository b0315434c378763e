import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiContext } from '../../../api/api-context.ts';
import { createApiClient } from '../../../api/client.ts';
import { renderWithProviders } from '../../../test-utils.tsx';
import { EncodeCancelled } from './EncodeCancelled.tsx';

/** A server that answers the encode call with its queued job, and records what was sent. */
function fakeServer() {
  const sent: { method: string; path: string }[] = [];
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key' }),
    fetch: async (input, init) => {
      sent.push({ method: init?.method ?? 'GET', path: String(input) });
      const job = { id: 9, type: 'video.encode', state: 'waiting', progress: 0 };
      return new Response(JSON.stringify(job), { status: 202, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, sent };
}

describe('a video whose encode was cancelled (issue 40.10)', () => {
  it('says so and encodes the kept original again', async () => {
    const { client, sent } = fakeServer();
    renderWithProviders(
      <ApiContext.Provider value={client}>
        <EncodeCancelled videoId={7} hasOriginal mayEncode />
      </ApiContext.Provider>,
    );
    expect(screen.getByText('Encoding cancelled')).toBeTruthy();
    expect(screen.getByText(/The original file is kept/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Encode again' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/main-api/videos/7/encoding-job' }));
  });

  it('in French; without a stored file it asks for the file again and offers no encode', () => {
    const { client } = fakeServer();
    renderWithProviders(
      <ApiContext.Provider value={client}>
        <EncodeCancelled videoId={7} hasOriginal={false} mayEncode={false} />
      </ApiContext.Provider>,
      { language: 'fr' },
    );
    expect(screen.getByText('Encodage annulé')).toBeTruthy();
    expect(screen.getByText(/envoyez ou importez à nouveau le fichier/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
