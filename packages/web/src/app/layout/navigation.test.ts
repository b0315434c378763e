import { MENU } from '@regie/contract/menu';
import { findRouteByPath, ROUTES, type UserAccess } from '@regie/contract/routes';
import { describe, expect, it } from 'vitest';
import { lineage } from '../route-entry.ts';
import { MENU_ICONS } from './menu-icons.ts';
import { menuTarget, openingTab, pageTabs, sectionEntries, topLevelEntries } from './navigation.ts';

const producer: UserAccess = {
  roles: ['sport_player_write'],
  modules: ['SPORT_EVENTS', 'THEME'],
  accessLevel: 0,
  productionBuild: false,
};

const admin: UserAccess = {
  roles: ['manage_customer_accounts', 'manage_users'],
  modules: [],
  accessLevel: 1,
  productionBuild: false,
};

const paths = (entries: { fullPath: string }[]) => entries.map((entry) => entry.fullPath);

function entry(path: string) {
  const found = findRouteByPath(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

describe('left menu', () => {
  it('shows a producer the sport areas and not the admin tools', () => {
    expect(paths(topLevelEntries(producer))).toEqual(['/account', '/events', '/actors', '/faq', '/tests']);
    expect(paths(sectionEntries(producer, entry('/account')))).toEqual([
      '/account/settings',
      '/account/themes',
      '/account/sports',
      '/account/marker-types',
      '/account/competitions',
      '/account/tags',
    ]);
  });

  it('shows an admin the customers and admin tools, without the settings hidden for admins nor empty areas', () => {
    expect(paths(topLevelEntries(admin))).toEqual(['/account', '/faq', '/admin-tools', '/tests']);
    expect(paths(sectionEntries(admin, entry('/account')))).toEqual([
      '/account/customers',
      '/account/users',
      '/account/audit',
    ]);
  });

  it('shows the audit trail to user managers and not to producers', () => {
    const manager: UserAccess = { roles: ['manage_users'], modules: [], accessLevel: 0, productionBuild: false };
    expect(paths(sectionEntries(manager, entry('/account')))).toEqual([
      '/account/settings',
      '/account/users',
      '/account/audit',
    ]);
    expect(paths(sectionEntries(producer, entry('/account')))).not.toContain('/account/audit');
  });

  it('uses the simulated account roles and modules while an admin acts for it, keeping the admin tools', () => {
    const simulating: UserAccess = {
      ...admin,
      simulatedAccount: { roles: ['simulcast_write'], modules: ['SIMULCAST'] },
    };
    expect(paths(topLevelEntries(simulating))).toContain('/events');
    expect(paths(sectionEntries(simulating, entry('/events')))).toEqual(['/events/simulcasts']);
    // The admin tools work on the account acted for (contract AccessRule.platformAdmin).
    expect(paths(topLevelEntries(simulating))).toContain('/admin-tools');
    // Of the account's section, only its audit trail, which the administrator reads whatever its roles.
    expect(paths(sectionEntries(simulating, entry('/account')))).toEqual(['/account/audit']);
  });

  it('hides the tests menu in staging and production builds', () => {
    expect(paths(topLevelEntries({ ...producer, productionBuild: true }))).not.toContain('/tests');
  });

  it('leads a parent straight to its first accessible page', () => {
    expect(menuTarget(admin, entry('/account'))).toBe('/account/customers/list');
    expect(menuTarget(producer, entry('/account'))).toBe('/account/settings/infos');
    expect(
      menuTarget(admin, entry('/admin-tools/parser-mapping/:provider?/:sportId?/:mode?/:dataProviderMappingId?')),
    ).toBe('/admin-tools/parser-mapping');
  });

  it('has an icon for every icon the route tree names', () => {
    const named = ROUTES.map((route) => route.node.icon).filter((icon): icon is string => Boolean(icon));
    expect(named.filter((icon) => !MENU_ICONS[icon])).toEqual([]);
    expect(MENU.length).toBeGreaterThan(0);
  });
});

describe('top-bar tabs', () => {
  it('enables only the first tab of a creation page', () => {
    const trail = lineage(entry('/events/sports/new/info'));
    const { tabs, active } = pageTabs(producer, trail, {});
    expect(tabs[0]).toMatchObject({ href: '/events/sports/new/info', disabled: false });
    expect(tabs.slice(1).every((tab) => tab.disabled)).toBe(true);
    expect(active).toBe('/events/sports/new/info');
  });

  it('fills the edit page parameters and enables event tabs by the event modules', () => {
    const trail = lineage(entry('/events/sports/edit/:id/info'));
    const { tabs } = pageTabs(producer, trail, { id: '12' }, ['CHAT']);
    const byPath = Object.fromEntries(tabs.map((tab) => [tab.href, tab.disabled]));
    expect(byPath['/events/sports/edit/12/stream']).toBe(false);
    expect(byPath['/events/sports/edit/12/chat']).toBe(false);
    expect(byPath['/events/sports/edit/12/multicam']).toBe(true);
    // The clip tab needs liveclipping_write, which a producer lacks.
    expect(byPath['/events/sports/edit/12/clip']).toBeUndefined();
  });

  it('lists the section pages, with an open edit page as an extra tab', () => {
    const trail = lineage(entry('/account/users/edit/:userId'));
    const { tabs, active } = pageTabs(admin, trail, { userId: '5' });
    expect(tabs.map((tab) => tab.href)).toEqual([
      '/account/users/list',
      '/account/users/new',
      '/account/users/edit/5',
      '/account/users/group/new',
    ]);
    expect(active).toBe('/account/users/edit/5');
  });
});

describe('a page of tabs opened without one (issue 24)', () => {
  const simulcaster: UserAccess = {
    roles: ['simulcast_write', 'use_crm'],
    modules: ['SIMULCAST', 'AWS_STREAM', 'FANS_CRM'],
    accessLevel: 0,
    productionBuild: false,
  };
  it.each([
    ['/events/simulcasts/edit/:simId', '/events/simulcasts/edit/:simId/info'],
    ['/events/aws-simulcasts/edit/:id', '/events/aws-simulcasts/edit/:id/info'],
    ['/crm/fans/edit/:id', '/crm/fans/edit/:id/infos'],
    ['/events/simulcasts/new', '/events/simulcasts/new/info'],
  ])('%s opens on %s', (path, tab) => {
    expect(openingTab(simulcaster, entry(path))?.fullPath).toBe(tab);
  });

  it('every page of tabs opens on a tab, and no other page does', () => {
    for (const route of ROUTES) {
      const opened = openingTab(admin, route);
      if (route.node.tabs && route.children.length > 0) expect(route.children).toContain(opened ?? route.children[0]);
      else expect(opened).toBeUndefined();
    }
  });
});
