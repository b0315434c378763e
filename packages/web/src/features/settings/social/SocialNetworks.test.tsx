import type { LoginResponse, MeContextResponse, MeResponse } from '@regie/contract/auth';
import type { ModuleCode } from '@regie/contract/modules';
import {
  SOCIAL_MODULE,
  SOCIAL_SETTINGS_ROUTE,
  type SocialLink,
  type SocialPlatformStatus,
  socialPaths,
} from '@regie/contract/social';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../../api/api-context.ts';
import { sessionStore } from '../../../session/current-session.ts';
import { mergeSessionUser } from '../../../session/session-store.ts';
import { fakeApi, Notices, renderWithProviders, type SentCall } from '../../../test-utils.tsx';
import { SettingsSocialNetworks } from '../SettingsSocialNetworks.tsx';

/** Settings › Social networks (issue 41): linking each platform, and the account's links for its administrators. */

vi.setConfig({ testTimeout: 20_000 });

const AT = '2026-03-01T10:00:00.000Z';

function link(overrides: Partial<SocialLink> & Pick<SocialLink, 'id' | 'platform'>): SocialLink {
  return {
    state: 'active',
    reason: null,
    externalId: `ext-${overrides.id}`,
    accountName: 'Olympique Riverside',
    pictureUrl: 'https://cdn.example/picture.png',
    targetId: null,
    targetName: null,
    needsTarget: false,
    local: false,
    userId: 7,
    userName: 'Pat Producer',
    expiresAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const FACEBOOK = link({
  id: 11,
  platform: 'facebook',
  accountName: 'Pat on Facebook',
  targetId: 'page-1',
  targetName: 'Riverside FC page',
});
const YOUTUBE = link({ id: 12, platform: 'youtube', accountName: 'Pat on YouTube', needsTarget: true });
const DAILYMOTION = link({
  id: 13,
  platform: 'dailymotion',
  accountName: 'Pat on Dailymotion',
  state: 'expired',
  reason: 'Dailymotion no longer accepts this link: reconnect it',
});

const STATUSES: SocialPlatformStatus[] = [
  { platform: 'youtube', mode: 'real', link: YOUTUBE },
  { platform: 'facebook', mode: 'real', link: FACEBOOK },
  { platform: 'instagram', mode: 'off', link: null },
  { platform: 'twitter', mode: 'local', link: null },
  { platform: 'dailymotion', mode: 'real', link: DAILYMOTION },
  { platform: 'tiktok', mode: 'real', link: null },
];

const ACCOUNT_LINKS: SocialLink[] = [
  FACEBOOK,
  link({ id: 21, platform: 'tiktok', userId: 8, userName: 'Ana Editor', accountName: 'ana.clips' }),
];

/** A fake server with the given platforms; it records what it was sent and which lists were read. */
function fakeServer(statuses: SocialPlatformStatus[] = STATUSES) {
  const reads: string[] = [];
  const server = fakeApi({
    read: (path) => {
      reads.push(path);
      if (path === socialPaths.links) return { data: statuses };
      if (path === socialPaths.targets('youtube')) {
        return {
          data: [
            { id: 'UC-main', name: 'Riverside TV', pictureUrl: null },
            { id: 'UC-youth', name: 'Riverside Youth', pictureUrl: null },
          ],
        };
      }
      if (path === socialPaths.targets('facebook')) {
        return {
          data: [
            { id: 'page-1', name: 'Riverside FC page', pictureUrl: null },
            { id: 'page-2', name: 'Riverside Women page', pictureUrl: null },
          ],
        };
      }
      if (path === socialPaths.accountLinks) return { data: ACCOUNT_LINKS };
      return { data: [] };
    },
    write: (sent: SentCall) => {
      if (sent.path === socialPaths.connect('tiktok')) {
        return { status: 200, body: { authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/?state=s1' } };
      }
      return { status: 200, body: {} };
    },
  });
  return { ...server, reads };
}

/** Shows where the router is, to check the outcome parameters leave the URL. */
function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

function renderScreen(
  server: ReturnType<typeof fakeServer>,
  { path = SOCIAL_SETTINGS_ROUTE, language = 'en' as 'en' | 'fr' } = {},
) {
  return renderWithProviders(
    <ApiContext.Provider value={server.client}>
      <SettingsSocialNetworks />
      <Notices />
      <Where />
    </ApiContext.Provider>,
    { path, language },
  );
}

/** A signed-in user of account 2 with these roles, their account holding the social sharing module. */
function signInAs(roles: string[], modules: ModuleCode[] = [SOCIAL_MODULE]) {
  const login: LoginResponse = {
    accessToken: 'token-1',
    expiresAt: '2030-01-01T00:00:00.000Z',
    id: 7,
    username: 'pat',
    AccountId: 2,
    accountKey: 'key-2',
  };
  const me: MeResponse = {
    ...login,
    name: 'Pat Producer',
    accountId: 2,
    accountName: 'Olympique',
    accessLevel: 0,
    isAdmin: false,
    meta: { language: 'en' },
    Roles: roles.map((name, id) => ({ id, name })),
    Modules: modules.map((code, id) => ({ id, code, name: code })),
    Groups: [],
  };
  const context: MeContextResponse = {
    account: { id: 2, name: 'Olympique', accountKey: 'key-2', SportId: null, sportId: null },
    simulated: false,
    acting: null,
    Groups: [],
    roles,
    modules,
    languages: { available: [], default: 'en' },
    homepage: '/account/settings/infos',
  };
  act(() => sessionStore.setUser(mergeSessionUser(login, me, context)));
}

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the social networks of the user', () => {
  it('shows each platform as the server reports it: not configured, local stand-in, linked, expired', async () => {
    renderScreen(fakeServer());
    await screen.findByRole('heading', { name: 'Facebook' });

    // Not configured: said, and nothing to press.
    const instagram = card('Instagram');
    expect(within(instagram).getByText('Not configured on this server: its app credentials are missing')).toBeTruthy();
    expect(within(instagram).queryByRole('button')).toBeNull();

    // The local stand-in: said plainly, the real platform untouched.
    const x = card('X');
    expect(within(x).getByText('Local stand-in')).toBeTruthy();
    expect(within(x).getByText(/This server has no X app credentials: .* Nothing reaches the real X\./)).toBeTruthy();
    expect(within(x).getByRole('button', { name: 'Connect X' })).toBeTruthy();

    // Linked: the account's picture and name, its state in words, its page; no token anywhere.
    const facebook = card('Facebook');
    expect(within(facebook).getByRole('img', { name: 'Pat on Facebook' })).toBeTruthy();
    expect(within(facebook).getByText('Active')).toBeTruthy();
    expect(within(facebook).getByText('Page to publish to')).toBeTruthy();
    expect(within(facebook).getByText('Riverside FC page')).toBeTruthy();
    expect(within(facebook).getByRole('button', { name: 'Change where Facebook publishes' })).toBeTruthy();
    expect(within(facebook).getByRole('button', { name: 'Disconnect Facebook' })).toBeTruthy();
    expect(within(facebook).queryByRole('button', { name: /Connect|Reconnect/ })).toBeNull();

    // Expired: the server's reason, and Reconnect.
    const dailymotion = card('Dailymotion');
    expect(within(dailymotion).getByText('Expired')).toBeTruthy();
    expect(within(dailymotion).getByText('Dailymotion no longer accepts this link: reconnect it')).toBeTruthy();
    expect(within(dailymotion).getByRole('button', { name: 'Reconnect Dailymotion' })).toBeTruthy();

    // Not linked on a configured platform: Connect.
    expect(within(card('TikTok')).getByText('No account linked')).toBeTruthy();
    expect(within(card('TikTok')).getByRole('button', { name: 'Connect TikTok' })).toBeTruthy();
  });

  it('says a link an administrator disabled, and offers only Disconnect', async () => {
    const disabled = link({
      id: 14,
      platform: 'facebook',
      state: 'disabled',
      reason: 'An administrator of your account disabled this link',
      targetId: 'page-1',
      targetName: 'Riverside FC page',
    });
    renderScreen(fakeServer([{ platform: 'facebook', mode: 'real', link: disabled }]));
    const facebook = await screen.findByRole('region', { name: 'Facebook' });
    expect(within(facebook).getByText('Disabled')).toBeTruthy();
    expect(within(facebook).getByText(/An administrator of your account disabled this link/)).toBeTruthy();
    expect(
      within(facebook)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Disconnect Facebook']);
  });

  it('connects: asks the server where to go, then sends the browser to the platform', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = fakeServer();
    renderScreen(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect TikTok' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.tiktok.com/v2/auth/authorize/?state=s1'));
    expect(server.sent).toEqual([
      { method: 'POST', path: socialPaths.connect('tiktok'), body: { returnTo: '/account/settings/social-networks' } },
    ]);
  });

  it('saves the channel chosen for a link that needs one', async () => {
    const server = fakeServer();
    renderScreen(server);
    const youtube = await screen.findByRole('region', { name: 'YouTube' });
    expect(within(youtube).getByText('Choose where it publishes: nothing can be published until then.')).toBeTruthy();
    const select = within(youtube).getByRole('combobox', { name: 'Channel to publish to' });
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Riverside Youth' }));
    await screen.findByText('YouTube publishes to Riverside Youth');
    expect(server.sent).toEqual([{ method: 'PUT', path: socialPaths.target('youtube'), body: { id: 'UC-youth' } }]);
  });

  it('changes the page of a link through Change, the focus following', async () => {
    const server = fakeServer();
    renderScreen(server);
    const facebook = await screen.findByRole('region', { name: 'Facebook' });
    fireEvent.click(within(facebook).getByRole('button', { name: 'Change where Facebook publishes' }));
    const select = within(facebook).getByRole('combobox', { name: 'Page to publish to' });
    await waitFor(() => expect(document.activeElement).toBe(select));
    // Cancel gives the page back untouched.
    fireEvent.click(within(facebook).getByRole('button', { name: 'Cancel' }));
    const change = within(facebook).getByRole('button', { name: 'Change where Facebook publishes' });
    await waitFor(() => expect(document.activeElement).toBe(change));
    fireEvent.click(change);
    fireEvent.click(within(facebook).getByRole('combobox', { name: 'Page to publish to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Riverside Women page' }));
    await screen.findByText('Facebook publishes to Riverside Women page');
    expect(server.sent).toEqual([{ method: 'PUT', path: socialPaths.target('facebook'), body: { id: 'page-2' } }]);
  });

  it('disconnects only once confirmed, then reads the links again', async () => {
    const server = fakeServer();
    renderScreen(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Facebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Facebook?' });
    expect(
      within(dialog).getByText(
        'Regie asks Facebook to revoke its access; clips can no longer be published there through this link.',
      ),
    ).toBeTruthy();
    expect(server.sent).toEqual([]);
    const readsBefore = server.reads.filter((path) => path === socialPaths.links).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Facebook disconnected');
    expect(server.sent).toEqual([{ method: 'DELETE', path: socialPaths.link('facebook'), body: undefined }]);
    await waitFor(() =>
      expect(server.reads.filter((path) => path === socialPaths.links).length).toBeGreaterThan(readsBefore),
    );
  });

  it('speaks French', async () => {
    renderScreen(fakeServer(), { language: 'fr' });
    expect(await screen.findByRole('button', { name: 'Associer TikTok' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnecter Dailymotion' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dissocier Facebook' })).toBeTruthy();
    expect(screen.getByText('Page de publication')).toBeTruthy();
    expect(screen.getByText('Simulateur local')).toBeTruthy();
  });
});

describe('the outcome of linking', () => {
  it('says the platform was linked, then takes the outcome out of the URL', async () => {
    renderScreen(fakeServer(), { path: `${SOCIAL_SETTINGS_ROUTE}?linked=youtube` });
    const notices = screen.getByRole('list', { name: 'notices' });
    await within(notices).findByText('YouTube linked');
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(SOCIAL_SETTINGS_ROUTE));
  });

  it('shows why linking failed until closed, and takes it out of the URL', async () => {
    const message = 'You did not allow Regie on TikTok: nothing was linked';
    renderScreen(fakeServer(), { path: `${SOCIAL_SETTINGS_ROUTE}?linkError=${encodeURIComponent(message)}` });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The account could not be linked')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(SOCIAL_SETTINGS_ROUTE));
    expect(screen.getByText(message)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
});

describe('the links of the account', () => {
  it('is not shown to a user who does not administer the account', async () => {
    signInAs(['video_write']);
    const server = fakeServer();
    renderScreen(server);
    await screen.findByRole('heading', { name: 'Facebook' });
    expect(screen.queryByRole('heading', { name: 'Links of the account' })).toBeNull();
    expect(server.reads).not.toContain(socialPaths.accountLinks);
  });

  it('lists every link of the account for an administrator, whose switch disables one', async () => {
    signInAs(['manage_users']);
    const server = fakeServer();
    renderScreen(server);
    const table = await screen.findByRole('table', { name: 'Links of the account' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const ana = rows[2] as HTMLElement;
    expect(within(ana).getByRole('rowheader', { name: 'Ana Editor' })).toBeTruthy();
    expect(within(ana).getByText('TikTok')).toBeTruthy();
    expect(within(ana).getByText('ana.clips')).toBeTruthy();
    expect(within(ana).getByText('None')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Riverside FC page')).toBeTruthy();
    const enabled = within(ana).getByRole('switch', { name: 'Enabled: TikTok link of Ana Editor (ana.clips)' });
    expect(enabled).toHaveProperty('checked', true);
    const readsBefore = server.reads.length;
    fireEvent.click(enabled);
    await screen.findByText('TikTok link of Ana Editor disabled');
    expect(server.sent).toEqual([{ method: 'PUT', path: socialPaths.accountLink(21), body: { disabled: true } }]);
    // Both lists are read again: the user's own cards show a link of theirs disabled too.
    await waitFor(() => {
      const after = server.reads.slice(readsBefore);
      expect(after).toContain(socialPaths.links);
      expect(after).toContain(socialPaths.accountLinks);
    });
  });
});
