import { fanPublicPaths } from '@regie/contract/fans';
import { fanGamePaths } from '@regie/contract/games.fan-paths';
import type { FanMotmGame } from '@regie/contract/games.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepSession, storedSession } from './embed-fan.ts';
import { GamesPanel } from './embed-games.ts';
import { translator } from './embed-i18n.ts';

/** The games panel of the embed page (embed-games.ts) against a faked fan API. */

const PAGE = 'page.token';
const context = { eventId: 7, games: { motm: true, predictor: false } };
const motm = (vote: number | null, open = true): FanMotmGame => ({
  id: 3,
  eventId: 7,
  eventName: 'Derby',
  opensAt: null,
  closesAt: null,
  open,
  candidates: [
    { challengerId: 11, name: 'Luca Bernardi', picture: null },
    { challengerId: 12, name: 'Jon Miles', picture: null },
  ],
  vote,
  results: vote === null ? null : { gameId: 3, total: 1, results: [{ challengerId: vote, votes: 1, percent: 100 }] },
  sponsors: [],
  gifts: [],
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fan API: answers by method and path, records each call. */
function fakeApi(routes: Record<string, (call: Call) => { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    const answer = route ? route(call) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

function mount(language: 'en' | 'fr' = 'en') {
  const panel = new GamesPanel(PAGE, context, language, translator(language));
  document.body.replaceChildren(panel.root);
  return panel;
}

const later = () => new Date(Date.now() + 3600_000).toISOString();

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the games panel', () => {
  it('asks a fan to sign in on the club, keeps the session, then takes their one vote', async () => {
    let vote: number | null = null;
    const calls = fakeApi({
      [`POST ${fanPublicPaths.signin}`]: () => ({ status: 200, body: { token: 'fan-token', expiresAt: later() } }),
      [`GET ${fanGamePaths.motm(7)}`]: () => ({ status: 200, body: motm(vote) }),
      [`POST ${fanGamePaths.vote(3)}`]: (call) => {
        vote = (call.body as { challengerId: number }).challengerId;
        return { status: 201, body: { gameId: 3, challengerId: vote } };
      },
    });
    const panel = mount();
    await panel.refresh();
    const form = panel.root.querySelector('form');
    expect(panel.root.textContent).toContain('Sign in to play.');
    (panel.root.querySelector('#fan-email') as HTMLInputElement).value = 'fan@example.com';
    (panel.root.querySelector('#fan-password') as HTMLInputElement).value = 'goal-goal-goal';
    form?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(panel.root.querySelectorAll('input[type="radio"]')).toHaveLength(2));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: fanPublicPaths.signin,
      headers: { 'x-embed-token': PAGE },
      body: { email: 'fan@example.com', password: 'goal-goal-goal' },
    });
    expect(storedSession(PAGE)?.token).toBe('fan-token');
    expect(panel.root.querySelector('legend')?.textContent).toBe('Your man of the match');

    const jon = panel.root.querySelector<HTMLInputElement>('input[value="12"]');
    if (jon) jon.checked = true;
    panel.root.querySelector('section form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(panel.root.textContent).toContain('Thanks, your vote is counted.'));
    expect(calls.find((call) => call.method === 'POST' && call.url === fanGamePaths.vote(3))?.headers).toMatchObject({
      authorization: 'Bearer fan-token',
    });
    expect(panel.root.textContent).toContain('Your vote: Jon Miles');
    expect(panel.root.textContent).toContain('Jon Miles: 100%');
    expect(panel.root.querySelector('input[type="radio"]')).toBeNull();
  });

  it('signs a new fan up with the mailed code, in French, and says a refusal', async () => {
    fakeApi({
      [`POST ${fanPublicPaths.signup}`]: () => ({
        status: 202,
        body: { email: 'nouveau@example.com', confirmationSent: true },
      }),
      [`POST ${fanPublicPaths.confirm}`]: (call) =>
        (call.body as { token: string }).token === 'ABC123'
          ? { status: 200, body: { token: 'new-token', expiresAt: later() } }
          : { status: 400, body: { message: 'Ce code n’est pas valide' } },
      [`GET ${fanGamePaths.motm(7)}`]: () => ({ status: 200, body: motm(null, false) }),
    });
    const panel = mount('fr');
    await panel.refresh();
    const swap = [...panel.root.querySelectorAll('button')].find((button) => button.textContent?.includes('Créez-en'));
    swap?.click();
    (panel.root.querySelector('#fan-nickname') as HTMLInputElement).value = 'nouveau';
    (panel.root.querySelector('#fan-email') as HTMLInputElement).value = 'nouveau@example.com';
    (panel.root.querySelector('#fan-password') as HTMLInputElement).value = 'goal-goal-goal';
    panel.root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(panel.root.querySelector('#fan-code')).not.toBeNull());
    expect(panel.root.textContent).toContain('Nous avons envoyé un code à nouveau@example.com');
    (panel.root.querySelector('#fan-code') as HTMLInputElement).value = 'WRONG';
    panel.root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect(panel.root.querySelector('[role="status"]')?.textContent).toBe('Ce code n’est pas valide'),
    );
    (panel.root.querySelector('#fan-code') as HTMLInputElement).value = 'ABC123';
    panel.root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(panel.root.textContent).toContain('Le vote n’est pas ouvert.'));
    expect(storedSession(PAGE)?.token).toBe('new-token');
  });

  it('forgets a session the fan API refuses (401) and an expired one', async () => {
    keepSession(PAGE, { token: 'old', expiresAt: later() });
    fakeApi({ [`GET ${fanGamePaths.motm(7)}`]: () => ({ status: 401, body: { message: 'Sign in again' } }) });
    const panel = mount();
    await panel.refresh();
    await vi.waitFor(() => expect(panel.root.querySelector('#fan-email')).not.toBeNull());
    expect(storedSession(PAGE)).toBeNull();
    keepSession(PAGE, { token: 'gone', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(storedSession(PAGE)).toBeNull();
  });
});
