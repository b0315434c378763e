import type { AccessSubject } from '@regie/contract/access';
import { en } from '@regie/contract/i18n/en';
import { fr } from '@regie/contract/i18n/fr';
import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './action.ts';
import { createApiClient, NotAuthorisedError } from './client.ts';
import { resourceCalls } from './resource-api.ts';

/** Spec §5: 'Action not authorised !' without a request when the contract's rule refuses. */

const viewer: AccessSubject = { roles: ['video_download'], modules: ['VIDEOS'] };
const producer: AccessSubject = { roles: ['sport_player_write'], modules: [] };

function client(access: AccessSubject) {
  const sent: string[] = [];
  const api = createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key', access }),
    fetch: async (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response(JSON.stringify({ id: 1, data: [], total: 0 }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { api, sent };
}

function translate(catalog: Record<string, string>) {
  return ((key: string) => catalog[key] ?? key) as Parameters<typeof errorMessage>[1];
}

describe('calls the access rules refuse', () => {
  it('never leave the browser: a tag write by a user without sport_player_write', async () => {
    const { api, sent } = client(viewer);
    const calls = resourceCalls(api, tagsResource);
    await expect(calls.create({ name: 'Goal' })).rejects.toBeInstanceOf(NotAuthorisedError);
    await expect(calls.update(3, { name: 'Goal' })).rejects.toBeInstanceOf(NotAuthorisedError);
    await expect(calls.remove(3)).rejects.toBeInstanceOf(NotAuthorisedError);
    await expect(calls.list({ offset: 0, limit: 25 })).rejects.toBeInstanceOf(NotAuthorisedError);
    expect(sent).toEqual([]);
  });

  it('agrees with the server on read_only: it grants no reading of its own and takes writing away', async () => {
    const alone = client({ roles: ['read_only'], modules: [] });
    await expect(resourceCalls(alone.api, tagsResource).list({ offset: 0, limit: 25 })).rejects.toBeInstanceOf(
      NotAuthorisedError,
    );
    expect(alone.sent).toEqual([]);
    const { api, sent } = client({ roles: ['sport_player_write', 'read_only'], modules: [] });
    const calls = resourceCalls(api, tagsResource);
    await calls.list({ offset: 0, limit: 25 });
    await expect(calls.create({ name: 'Goal' })).rejects.toBeInstanceOf(NotAuthorisedError);
    expect(sent).toEqual(['GET /main-api/tags?offset=0&limit=25']);
  });

  it('sends what the rules allow', async () => {
    const { api, sent } = client(producer);
    await resourceCalls(api, tagsResource).create({ name: 'Goal' });
    expect(sent).toEqual(['POST /main-api/tags']);
  });

  it("says 'Action not authorised !' in English and French", () => {
    expect(errorMessage(new NotAuthorisedError(), translate(en))).toBe('Action not authorised !');
    expect(errorMessage(new NotAuthorisedError(), translate(fr))).toBe('Action non autorisée !');
  });
});
