import { describe, expect, it } from 'vitest';
import type { AccessSubject } from './access.ts';
import type { MenuNode } from './menu.ts';
import {
  buildRouteTree,
  canAccess,
  fillPath,
  findRouteByPath,
  firstAccessibleChild,
  isListed,
  isTabEnabled,
  landingRoute,
  matchRoute,
  ROUTES,
} from './routes.ts';

function route(path: string) {
  const entry = findRouteByPath(path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry;
}

const who = (roles: string[], modules: string[] = [], accessLevel = 0): AccessSubject => ({
  roles,
  modules,
  accessLevel,
});

describe('landing route (spec §2, first match wins)', () => {
  const cases: [string, AccessSubject, string][] = [
    ['sport producer with DASHBOARD', who(['sport_player_write'], ['DASHBOARD']), '/dashboard'],
    ['conference producer with DASHBOARD', who(['conf_player_write'], ['DASHBOARD']), '/dashboard'],
    [
      'producer without DASHBOARD falls through',
      who(['sport_player_write'], ['SPORT_EVENTS']),
      '/account/settings/infos',
    ],
    ['simulcaster', who(['simulcast_write'], ['SIMULCAST']), '/events/simulcasts/list'],
    ['simulcaster without the module falls through', who(['simulcast_write'], []), '/account/settings/infos'],
    ['clipper', who(['liveclipping_write'], ['STREAM_CLIPPING']), '/account/clip-skins'],
    ['video writer', who(['video_write'], ['VIDEOS']), '/medias/videos/list'],
    ['video downloader', who(['video_download'], ['VIDEOS']), '/medias/videos/list'],
    ['quiz master', who(['trivia_write'], ['ADDON_TRIVIA']), '/trivia/quizzes'],
    ['admin', who(['manage_customer_accounts', 'manage_users'], [], 1), '/account/customers'],
    ['user manager', who(['manage_users']), '/account/users/list'],
    ['read only', who(['read_only']), '/account/settings/infos'],
    ['nobody', who([]), '/account/settings/infos'],
    [
      'dashboard wins over simulcast when both match',
      who(['simulcast_write', 'sport_player_write'], ['SIMULCAST', 'DASHBOARD']),
      '/dashboard',
    ],
    [
      'clip skins win over videos',
      who(['video_write', 'liveclipping_write'], ['VIDEOS', 'STREAM_CLIPPING']),
      '/account/clip-skins',
    ],
    [
      'trivia wins over admin',
      who(['trivia_write', 'manage_customer_accounts'], ['ADDON_TRIVIA'], 1),
      '/trivia/quizzes',
    ],
  ];
  it.each(cases)('%s → %s', (_name, subject, expected) => {
    expect(landingRoute(subject)).toBe(expected);
  });

  it("follows the simulated account's roles for an admin", () => {
    const admin: AccessSubject = {
      ...who(['manage_customer_accounts'], [], 1),
      simulatedAccount: { roles: ['simulcast_write'], modules: ['SIMULCAST'] },
    };
    expect(landingRoute(admin)).toBe('/events/simulcasts/list');
  });

  it('lands only on routes the same user may open', () => {
    const subjects = cases.map(([, subject]) => subject);
    for (const subject of subjects) {
      const match = matchRoute(landingRoute(subject));
      expect(match, landingRoute(subject)).toBeDefined();
      if (match) expect(canAccess(subject, match.entry)).toBe(true);
    }
  });
});

describe('key mappings (spec §6)', () => {
  const admin = who(['manage_customer_accounts'], [], 1);
  const cases: [string, string, AccessSubject, boolean][] = [
    ['customers need manage_customer_accounts', '/account/customers/list', admin, true],
    ['customers also need access level 1', '/account/customers/list', who(['manage_customer_accounts'], [], 0), false],
    ['customers refuse other roles', '/account/customers/list', who(['manage_users'], [], 5), false],
    ['admin tools need manage_customer_accounts', '/admin-tools/purge-cache', admin, true],
    ['admin tools refuse user managers', '/admin-tools/purge-cache', who(['manage_users']), false],
    [
      'admin tools stay with an admin acting for an account (they work on its data)',
      '/admin-tools/generate-events',
      { ...admin, simulatedAccount: { roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] } },
      true,
    ],
    [
      'admin tools refuse a customer holding manage_customer_accounts at level 0',
      '/admin-tools/query-builder',
      who(['manage_customer_accounts'], [], 0),
      false,
    ],
    ['users need manage_users', '/account/users/list', who(['manage_users']), true],
    ['users refuse others', '/account/users/list', who(['video_write']), false],
    ['the audit trail opens to platform admins', '/account/audit', admin, true],
    ['the audit trail opens to user managers', '/account/audit', who(['manage_users']), true],
    ['the audit trail refuses others', '/account/audit', who(['sport_player_write'], ['SPORT_EVENTS']), false],
    ['sports need sport_player_write', '/account/sports/list', who(['sport_player_write'], ['SPORT_EVENTS']), true],
    ['sports need SPORT_EVENTS', '/account/sports/list', who(['sport_player_write']), false],
    ['sports refuse conference producers', '/account/sports/list', who(['conf_player_write']), false],
    ['tags need sport_player_write', '/account/tags/list', who(['sport_player_write'], ['SPORT_EVENTS']), true],
    [
      'challengers need sport_player_write',
      '/actors/challengers/list',
      who(['sport_player_write'], ['SPORT_EVENTS']),
      true,
    ],
    [
      'speakers need conf_player_write',
      '/actors/speakers/list',
      who(['conf_player_write'], ['BUSINESS_PLAYERS']),
      true,
    ],
    ['speakers refuse sport producers', '/actors/speakers/list', who(['sport_player_write']), false],
    [
      'conferences allow conf_player_write',
      '/events/conferences/list',
      who(['conf_player_write'], ['BUSINESS_PLAYERS']),
      true,
    ],
    ['conferences allow clip_only', '/events/conferences/list', who(['clip_only'], ['BUSINESS_PLAYERS']), true],
    ['simulcasts need simulcast_write', '/events/simulcasts/list', who(['simulcast_write'], ['SIMULCAST']), true],
    ['simulcasts refuse others', '/events/simulcasts/list', who(['video_write'], ['SIMULCAST']), false],
    [
      'sport event clip tab needs liveclipping_write',
      '/events/sports/edit/:id/clip',
      who(['sport_player_write'], ['SPORT_EVENTS']),
      false,
    ],
    [
      'sport event clip tab opens with liveclipping_write',
      '/events/sports/edit/:id/clip',
      who(['sport_player_write', 'liveclipping_write'], ['SPORT_EVENTS']),
      true,
    ],
    [
      'conference clip tab also allows clip_only',
      '/events/conferences/edit/:id/clip',
      who(['clip_only'], ['BUSINESS_PLAYERS']),
      true,
    ],
    [
      'payment offers need manage_payments',
      '/account/payment-offers/list',
      who(['manage_payments'], ['PAYMENT_RESTRICTION']),
      true,
    ],
    [
      'payment offers accept payment_offer_write',
      '/account/payment-offers/list',
      who(['payment_offer_write'], ['PAYMENT_RESTRICTION']),
      true,
    ],
    ['products need manage_payments', '/account/products/list', who(['manage_payments'], ['PAYMENT_PRODUCT']), true],
    ['products refuse others', '/account/products/list', who(['video_write'], ['PAYMENT_PRODUCT']), false],
    ['CRM needs use_crm', '/crm/fans/list', who(['use_crm'], ['FANS_CRM']), true],
    ['CRM refuses others', '/crm/fans/list', who(['trivia_write'], ['FANS_CRM']), false],
    ['trivia needs trivia_write', '/trivia/quizzes/list', who(['trivia_write'], ['ADDON_TRIVIA']), true],
    ['media opens for video_download', '/medias/videos/list', who(['video_download'], ['VIDEOS']), true],
    [
      'media needs VIDEOS (spec §6: a role kept without its module)',
      '/medias/videos/list',
      who(['video_write']),
      false,
    ],
    ['media opens for own_videos_only', '/medias/videos/list', who(['own_videos_only'], ['VIDEOS']), true],
    ['media refuses read_only', '/medias/videos/list', who(['read_only']), false],
    ['creating a video needs video_write', '/medias/videos/create', who(['video_download']), false],
    ['creating a video with video_write', '/medias/videos/create', who(['video_write'], ['VIDEOS']), true],
    ['editing a video needs video_write', '/medias/videos/edit/:videoId', who(['own_videos_only']), false],
    ['streams need use_stream', '/medias/streams/list', who(['use_stream'], ['AWS_STREAM']), true],
    ['streams need AWS_STREAM', '/medias/streams/list', who(['use_stream']), false],
    ['streams refuse video writers', '/medias/streams/list', who(['video_write']), false],
    ['dashboard allows sport producers', '/dashboard/all', who(['sport_player_write'], ['DASHBOARD']), true],
    ['dashboard allows conference producers', '/dashboard/all', who(['conf_player_write'], ['DASHBOARD']), true],
    ['dashboard refuses others', '/dashboard/all', who(['video_write'], ['DASHBOARD']), false],
    ['settings are open to everyone', '/account/settings/infos', who([]), true],
  ];
  it.each(cases)('%s', (_name, path, subject, allowed) => {
    expect(canAccess(subject, route(path))).toBe(allowed);
  });
});

describe('event tabs (spec §6)', () => {
  it('disables 360 unless the event has IMMERSIVE and AWS_STREAM active', () => {
    const tab = route('/events/sports/edit/:id/360');
    expect(isTabEnabled(tab, { activeEventModules: ['IMMERSIVE'] })).toBe(false);
    expect(isTabEnabled(tab, { activeEventModules: ['IMMERSIVE', 'AWS_STREAM'] })).toBe(true);
  });
  it.each(['multicam', 'chat', 'predictor', 'motm', 'graphics'])('disables %s without its module', (tab) => {
    expect(isTabEnabled(route(`/events/sports/edit/:id/${tab}`), { activeEventModules: [] })).toBe(false);
  });
  it('keeps plain tabs enabled', () => {
    expect(isTabEnabled(route('/events/sports/edit/:id/markers'))).toBe(true);
  });
  it("enables only the first tab on 'new'", () => {
    expect(isTabEnabled(route('/events/sports/new/info'))).toBe(true);
    expect(isTabEnabled(route('/events/sports/new/stream'))).toBe(false);
    expect(isTabEnabled(route('/events/conferences/new/chapters'))).toBe(false);
    expect(isTabEnabled(route('/medias/videos/create/infos'))).toBe(true);
    expect(isTabEnabled(route('/medias/videos/create/subtitles'))).toBe(false);
    expect(isTabEnabled(route('/account/customers/new/infos'))).toBe(true);
    expect(isTabEnabled(route('/account/customers/new/modules'))).toBe(false);
    expect(isTabEnabled(route('/account/customers/new/cache'))).toBe(false);
  });
});

describe('the menu tree', () => {
  it('holds every route the spec names', () => {
    const expected = [
      '/check',
      '/account/settings/infos',
      '/account/customers/edit/:accountId/cache',
      '/account/users/group/:groupId',
      '/account/themes/edit/:themeId/markers',
      '/account/sports/map/:sportId',
      '/account/marker-types/create',
      '/account/products/edit/:productId/fans',
      '/account/categories/:id/linked-items',
      '/account/categories/subcategories/edit/:id',
      '/account/playlists/:id/linked-videos',
      '/account/gamification/predictor',
      '/dashboard/detail',
      '/events/aws-simulcasts/edit/:id/info',
      '/events/simulcasts/edit/:simId/stats',
      '/actors/challengers/create',
      '/actors/speakers/edit/:id',
      '/medias/streams/edit/:inputId',
      '/faq/main',
      '/data-import/ipfl',
      '/crm/fans/edit/:id/products',
      '/crm/fanProfiles/new',
      '/trivia/quizzes/edit/:id/ranking',
      '/trivia/rankings/list',
      '/admin-tools/query-builder',
      '/admin-tools/parser-mapping/:provider?/:sportId?/:mode?/:dataProviderMappingId?',
    ].filter((path) => path !== '/check');
    for (const path of expected) expect(findRouteByPath(path), path).toBeDefined();
  });

  it('stops on a route configuration with a missing path', () => {
    const broken: MenuNode[] = [{ path: 'a', labelKey: 'x', children: [{ path: '', labelKey: 'y' }] }];
    expect(() => buildRouteTree(broken)).toThrow(/missing path/);
  });

  it('hides settings from platform admins and shows it to others', () => {
    const settings = route('/account/settings');
    expect(isListed(who(['manage_customer_accounts', 'manage_users'], [], 1), settings)).toBe(false);
    expect(isListed(who(['read_only']), settings)).toBe(true);
    expect(settings.node.redirectAdminTo).toBe('/account/users');
  });

  it('lists the audit screen to an admin acting for an account whose grants hold no manage_users', () => {
    const audit = route('/account/audit');
    const acting: AccessSubject = {
      ...who(['manage_customer_accounts'], [], 1),
      simulatedAccount: { roles: ['video_write'], modules: ['VIDEOS'] },
    };
    expect(isListed(acting, audit)).toBe(true);
    expect(canAccess(acting, audit)).toBe(true);
    expect(isListed(who(['video_write'], ['VIDEOS']), audit)).toBe(false);
    expect(isListed(who(['manage_users']), audit)).toBe(true);
  });

  it('does not list a "New" page to a user who writes nothing (read_only, read-only acting)', () => {
    const makers = ROUTES.filter((entry) => entry.node.makes);
    expect(makers.map((entry) => entry.fullPath)).toEqual(
      expect.arrayContaining(['/account/tags/new', '/medias/videos/create', '/account/users/group/new']),
    );
    const tags = route('/account/tags/new');
    const producer = ['sport_player_write'];
    expect(isListed(who(producer, ['SPORT_EVENTS']), tags)).toBe(true);
    expect(isListed(who([...producer, 'read_only'], ['SPORT_EVENTS']), tags)).toBe(false);
    // Still reachable: the form opens, and has no Save.
    expect(canAccess(who([...producer, 'read_only'], ['SPORT_EVENTS']), tags)).toBe(true);
  });

  it('hides the tests menu in staging and production builds', () => {
    const tests = route('/tests/widgets');
    expect(canAccess({ ...who([]), productionBuild: false }, tests)).toBe(true);
    expect(canAccess({ ...who([]), productionBuild: true }, tests)).toBe(false);
  });

  it('sends a parent to its first accessible child', () => {
    expect(firstAccessibleChild(who(['manage_users']), route('/account'))?.fullPath).toBe('/account/settings/infos');
    expect(
      firstAccessibleChild(who(['manage_customer_accounts', 'manage_users'], [], 1), route('/account'))?.fullPath,
    ).toBe('/account/customers/list');
    expect(firstAccessibleChild(who(['use_stream'], ['AWS_STREAM']), route('/medias'))?.fullPath).toBe(
      '/medias/streams/list',
    );
    expect(firstAccessibleChild(who(['video_write'], ['VIDEOS']), route('/medias/videos'))?.fullPath).toBe(
      '/medias/videos/list',
    );
    expect(firstAccessibleChild(who([]), route('/admin-tools'))).toBeUndefined();
  });

  it('matches browser paths with parameters', () => {
    const match = matchRoute('/account/users/edit/42');
    expect(match?.entry.fullPath).toBe('/account/users/edit/:userId');
    expect(match?.params).toEqual({ userId: '42' });
    expect(matchRoute('/admin-tools/parser-mapping')?.entry.fullPath).toContain('parser-mapping');
    expect(matchRoute('/admin-tools/parser-mapping/opta/3')?.params).toEqual({ provider: 'opta', sportId: '3' });
    expect(matchRoute('/nowhere/at/all')).toBeUndefined();
  });

  it('fills parameters and drops missing optional ones', () => {
    expect(fillPath('/account/users/edit/:userId', { userId: 7 })).toBe('/account/users/edit/7');
    expect(fillPath('/admin-tools/parser-mapping/:provider?/:sportId?', { provider: 'opta' })).toBe(
      '/admin-tools/parser-mapping/opta',
    );
  });

  it('gives every route a unique path', () => {
    const paths = ROUTES.map((entry) => entry.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
