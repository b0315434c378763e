import { describe, expect, it } from 'vitest';
import { type AccessSubject, isPlatformAdmin } from './access.ts';
import { canAccess, firstReachablePage, landingRoute, lineage, matchRoute } from './routes.ts';

/** The platform admin, acting for an account with these roles and modules. */
function actingFor(roles: string[], modules: string[]): AccessSubject {
  return {
    roles: ['manage_customer_accounts'],
    modules: [],
    accessLevel: 1,
    simulatedAccount: { roles, modules },
  };
}

/** The page a landing path opens for this subject: never /notauthorized, nor settings an admin is sent away from. */
function expectOpens(subject: AccessSubject, path: string): void {
  const match = matchRoute(path);
  expect(match, path).toBeDefined();
  if (!match) return;
  expect(canAccess(subject, match.entry), path).toBe(true);
  if (isPlatformAdmin(subject)) {
    expect(
      lineage(match.entry).some((entry) => entry.node.hiddenForAdmin),
      `${path} is hidden for admins`,
    ).toBe(false);
  }
}

describe('landing of an admin acting for an account (spec §2, issue 24)', () => {
  it('an account of observers only (read_only): the first page of the menu, not the hidden settings', () => {
    const subject = actingFor(['read_only'], ['SPORT_EVENTS', 'VIDEOS', 'TAGS', 'MARKERS', 'SETTINGS']);
    const landing = landingRoute(subject);
    expect(landing).not.toBe('/account/settings/infos');
    expect(landing).not.toBe('/account/users/list');
    // The account's audit trail, which an acting administrator reads whatever the account's roles.
    expect(landing).toBe('/account/audit');
    expectOpens(subject, landing);
  });

  it('an account without any group: still a page the admin may open', () => {
    const subject = actingFor([], []);
    expectOpens(subject, landingRoute(subject));
  });

  it('the landing rules first when the account matches one', () => {
    expect(landingRoute(actingFor(['sport_player_write'], ['DASHBOARD']))).toBe('/dashboard');
    expect(landingRoute(actingFor(['manage_users'], []))).toBe('/account/users/list');
  });

  it('a rule whose page the user cannot open falls through to a page they can', () => {
    // manage_customer_accounts at access level 0 matches rule 6, but the customers need level 1.
    const subject: AccessSubject = { roles: ['manage_customer_accounts'], modules: [], accessLevel: 0 };
    expect(landingRoute(subject)).toBe('/account/settings/infos');
    expectOpens(subject, landingRoute(subject));
  });

  it('a customer user without a rule keeps the settings page (spec §2 rule 8)', () => {
    expect(landingRoute({ roles: ['read_only'], modules: ['SETTINGS'] })).toBe('/account/settings/infos');
  });

  it('the first reachable page follows the menu order and skips pages hidden for admins', () => {
    const subject = actingFor(['sport_player_write'], ['SPORT_EVENTS']);
    const first = firstReachablePage(subject);
    expect(first).toBeDefined();
    expect(first?.startsWith('/account/')).toBe(true);
    expect(first).not.toMatch(/^\/account\/settings/);
    if (first) expectOpens(subject, first);
  });
});
