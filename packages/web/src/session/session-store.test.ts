import type { LoginResponse, MeContextResponse, MeResponse } from '@regie/contract/auth';
import { STORAGE_KEYS } from '@regie/contract/ui';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessSubject } from './access.ts';
import { createSessionStore, mergeSessionUser, withContext, withMeta } from './session-store.ts';

const login: LoginResponse = {
  accessToken: 'token-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  id: 7,
  username: 'producer',
  AccountId: 2,
  accountKey: 'key-2',
};

const me: MeResponse = {
  id: 7,
  username: 'producer',
  name: 'Paula Producer',
  AccountId: 2,
  accountId: 2,
  accountKey: 'key-2',
  accountName: 'Olympique',
  accessLevel: 0,
  isAdmin: false,
  meta: { language: 'fr' },
  Roles: [{ id: 1, name: 'sport_player_write' }],
  Modules: [{ id: 41, code: 'SPORT_EVENTS', name: 'Sport events' }],
  Groups: [{ id: 3, name: 'Producers', AccountId: 2 }],
};

const context: MeContextResponse = {
  account: { id: 2, name: 'Olympique', accountKey: 'key-2', SportId: null, sportId: null },
  simulated: false,
  acting: null,
  Groups: [{ id: 3, name: 'Producers', AccountId: 2 }],
  roles: ['sport_player_write'],
  modules: ['SPORT_EVENTS'],
  languages: { available: [{ id: 1, code: 'fr', name: 'Français' }], default: 'fr' },
  homepage: '/events/sports/list',
};

describe('session user', () => {
  it('is the login response, then the profile merged in, then the context', () => {
    const user = mergeSessionUser({ ...login, username: 'from-login' }, me, { ...context, homepage: '/dashboard' });
    expect(user.accessToken).toBe('token-1');
    expect(user.username).toBe('producer');
    expect(user.name).toBe('Paula Producer');
    expect(user.homepage).toBe('/dashboard');
    expect(user.meta.language).toBe('fr');
    // The context carries the user's groups (spec §3 merge), so merging it keeps them.
    expect(user.Groups).toEqual([{ id: 3, name: 'Producers', AccountId: 2 }]);
  });

  it('takes the roles and modules of a simulated account from its context, keeping its own', () => {
    const admin = mergeSessionUser(login, { ...me, Roles: [{ id: 9, name: 'manage_customer_accounts' }] }, context);
    const simulating = withContext(admin, {
      ...context,
      simulated: true,
      roles: ['simulcast_write'],
      modules: ['SIMULCAST'],
    });
    expect(accessSubject(simulating, false)).toEqual({
      roles: ['manage_customer_accounts'],
      modules: ['SPORT_EVENTS'],
      accessLevel: 0,
      simulatedAccount: { roles: ['simulcast_write'], modules: ['SIMULCAST'] },
      productionBuild: false,
    });
    expect(simulating.accessToken).toBe('token-1');
  });

  it('updates the meta without losing the rest', () => {
    const user = withMeta(mergeSessionUser(login, me, context), { language: 'en' });
    expect(user.meta.language).toBe('en');
    expect(user.Roles).toEqual(me.Roles);
  });
});

describe('session store', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the session under regie.session and the simulated account under simulatedAccount', () => {
    const store = createSessionStore(window.localStorage);
    store.setUser(mergeSessionUser(login, me, context));
    store.setSimulatedAccount({ id: 42, name: 'Rennes', accountKey: 'key-42' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session) ?? '{}').accessToken).toBe('token-1');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.simulatedAccount) ?? '{}').id).toBe(42);

    const reopened = createSessionStore(window.localStorage);
    expect(reopened.getState().user?.name).toBe('Paula Producer');
    expect(reopened.getState().simulatedAccount?.name).toBe('Rennes');
  });

  it('forgets the session, the token and the simulated account on sign-out', () => {
    const store = createSessionStore(window.localStorage);
    store.setUser(mergeSessionUser(login, me, context));
    store.setSimulatedAccount({ id: 42, name: 'Rennes', accountKey: 'key-42' });
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    store.clear({ signedOut: true });
    expect(store.getState()).toEqual({ user: null, simulatedAccount: null, signedOut: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.simulatedAccount)).toBeNull();
    expect(notified).toBe(1);
  });

  it('ignores a stored session without a token, or one that is not JSON', () => {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ username: 'x' }));
    expect(createSessionStore(window.localStorage).getState().user).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.session, '{oops');
    expect(createSessionStore(window.localStorage).getState().user).toBeNull();
  });
});
