import { competitionsResource } from '@regie/contract/resources/competitions';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../resources/fake-resource-server.ts';
import { renderResource, signIn } from '../../resources/render-resource.tsx';
import { resourceRoutes } from '../../resources/resource-screens.ts';
import { sessionStore } from '../../session/current-session.ts';
import { SEASON_ROUTES } from './competition-paths.ts';
import { competitionsSetup, seasonsSetup } from './competitions-setup.tsx';

const stamp = '2026-09-01T10:00:00.000Z';
const season = {
  id: 9,
  name: '2026-2027',
  competitionId: 3,
  startDate: '2026-08-01T00:00:00.000Z',
  endDate: '2027-05-31T00:00:00.000Z',
  current: true,
  AccountId: 2,
  createdAt: stamp,
  updatedAt: stamp,
};
const round = {
  id: 4,
  name: 'Matchday 1',
  number: 1,
  seasonId: 9,
  startDate: null,
  createdAt: stamp,
  updatedAt: stamp,
};

const seasonRoutes = resourceRoutes('/account/competitions/:id/seasons', SEASON_ROUTES);

/** The season's calls, under its competition; its rounds' list under the season. */
function seasonServer() {
  return createFakeServer({
    base: '/main-api/competitions/3/seasons',
    records: [{ ...season }],
    answers: { 'GET /main-api/seasons/9/rounds': { data: [round], total: 1, offset: 0, limit: 100, nextCursor: null } },
  });
}

beforeEach(() => signIn(['sport_player_write'], { modules: ['SPORT_EVENTS'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe("a season's page", () => {
  it('reads and saves the season under its competition, and lists its rounds', async () => {
    const server = seasonServer();
    renderResource(seasonsResource, server, '/account/competitions/3/seasons/edit/9', {
      routes: seasonRoutes,
      custom: seasonsSetup.custom,
    });
    await screen.findByRole('heading', { name: '2026-2027' });
    expect(server.requests).toContain('GET /main-api/competitions/3/seasons/9');
    const rounds = await screen.findByRole('region', { name: 'Rounds' });
    await within(rounds).findByText('Matchday 1');
    expect(server.requests).toContain('GET /main-api/seasons/9/rounds?offset=0&limit=100&sort=number');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '2026-27' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests).toContain('PUT /main-api/competitions/3/seasons/9'));
    expect(server.records[0]?.name).toBe('2026-27');
  });

  it('translates the season through its own translations call', async () => {
    const server = seasonServer();
    renderResource(seasonsResource, server, '/account/competitions/3/seasons/edit/9', {
      routes: seasonRoutes,
      custom: seasonsSetup.custom,
    });
    const panel = await screen.findByRole('region', { name: 'Translations' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'French' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: /Name \(FR\)/ }), { target: { value: 'Saison 26' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save the translation' }));
    await within(panel).findByText('translated');
    expect(server.requests).toContain('POST /main-api/competitions/3/seasons/9/translations');
    expect(server.bodies).toContainEqual({ LanguageId: 2, values: { name: 'Saison 26' } });
  });

  it("goes back to its competition's page: Cancel, and after a delete", async () => {
    const server = seasonServer();
    const location = renderResource(seasonsResource, server, '/account/competitions/3/seasons/edit/9', {
      routes: seasonRoutes,
      custom: seasonsSetup.custom,
    });
    await screen.findByRole('heading', { name: '2026-2027' });
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/account/competitions/edit/3');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/account/competitions/edit/3'));
    expect(server.requests).toContain('DELETE /main-api/competitions/3/seasons/9');
  });
});

describe("a competition's page", () => {
  it('links each season to its page', async () => {
    const server = createFakeServer({
      base: '/main-api/competitions',
      records: [
        { id: 3, name: 'Riverside League', sportId: 1, logo: null, country: 'GB', createdAt: stamp, updatedAt: stamp },
      ],
      answers: {
        'GET /main-api/competitions/3/seasons': { data: [season], total: 1, offset: 0, limit: 100, nextCursor: null },
      },
    });
    renderResource(competitionsResource, server, '/account/competitions/edit/3', { custom: competitionsSetup.custom });
    const seasons = await screen.findByRole('region', { name: 'Seasons' });
    const link = await within(seasons).findByRole('link', { name: '2026-2027' });
    expect(link.getAttribute('href')).toBe('/account/competitions/3/seasons/edit/9');
  });
});
