import { describe, expect, it } from 'vitest';
import { type AccessRule, type AccessSubject, canWrite, inheritRule, satisfies } from './access.ts';

const subject = (roles: string[], modules: string[] = [], accessLevel = 0): AccessSubject => ({
  roles,
  modules,
  accessLevel,
});

describe('the access rule (spec §6)', () => {
  const cases: { name: string; rule: AccessRule; who: AccessSubject; allowed: boolean }[] = [
    { name: 'no restriction lets anyone in', rule: {}, who: subject([]), allowed: true },
    {
      name: 'one of the authorized roles is enough',
      rule: { authorizedRoles: ['video_write', 'video_download'] },
      who: subject(['video_download']),
      allowed: true,
    },
    {
      name: 'no authorized role keeps the user out',
      rule: { authorizedRoles: ['video_write'] },
      who: subject(['read_only']),
      allowed: false,
    },
    {
      name: 'every required module is needed',
      rule: { requiredModules: ['SIMULCAST', 'AWS_STREAM'] },
      who: subject([], ['SIMULCAST']),
      allowed: false,
    },
    {
      name: 'all required modules present lets the user in',
      rule: { requiredModules: ['SIMULCAST', 'AWS_STREAM'] },
      who: subject([], ['AWS_STREAM', 'SIMULCAST']),
      allowed: true,
    },
    {
      name: 'one authorized module is enough',
      rule: { authorizedModules: ['VIDEOS', 'CMS'] },
      who: subject([], ['CMS']),
      allowed: true,
    },
    {
      name: 'no authorized module keeps the user out',
      rule: { authorizedModules: ['VIDEOS'] },
      who: subject([], ['CMS']),
      allowed: false,
    },
    {
      name: 'an access level below the item keeps the user out',
      rule: { authorizedRoles: ['manage_customer_accounts'], accessLevel: 1 },
      who: subject(['manage_customer_accounts'], [], 0),
      allowed: false,
    },
    {
      name: 'an access level at the item lets the user in',
      rule: { authorizedRoles: ['manage_customer_accounts'], accessLevel: 1 },
      who: subject(['manage_customer_accounts'], [], 1),
      allowed: true,
    },
  ];
  it.each(cases)('$name', ({ rule, who, allowed }) => {
    expect(satisfies(who, rule)).toBe(allowed);
  });

  it("uses the simulated account's roles and modules instead of the admin's", () => {
    const admin: AccessSubject = {
      roles: ['manage_customer_accounts'],
      modules: [],
      accessLevel: 1,
      simulatedAccount: { roles: ['video_write'], modules: ['VIDEOS'] },
    };
    expect(satisfies(admin, { authorizedRoles: ['video_write'], requiredModules: ['VIDEOS'] })).toBe(true);
    expect(satisfies(admin, { authorizedRoles: ['manage_customer_accounts'] })).toBe(false);
  });

  it('lets a platform administrator acting for an account through a rolesOrPlatformAdmin rule (the audit screen)', () => {
    const rule: AccessRule = { authorizedRoles: ['manage_users'], rolesOrPlatformAdmin: true };
    const acting = (accessLevel: number): AccessSubject => ({
      roles: ['manage_customer_accounts'],
      modules: [],
      accessLevel,
      simulatedAccount: { roles: ['video_write'], modules: ['VIDEOS'] },
    });
    expect(satisfies(acting(1), rule)).toBe(true);
    // A customer holding the role at level 0 is no platform administrator.
    expect(satisfies(acting(0), rule)).toBe(false);
    expect(satisfies(subject(['video_write']), rule)).toBe(false);
    expect(satisfies(subject(['manage_users']), rule)).toBe(true);
    // The modules still count.
    expect(satisfies(acting(1), { ...rule, requiredModules: ['CHAT'] })).toBe(false);
  });
});

describe('inheritance from the parent', () => {
  it('takes the parent roles when the child sets none', () => {
    expect(inheritRule({ authorizedRoles: ['use_crm'] }, {}).authorizedRoles).toEqual(['use_crm']);
  });
  it('lets a child narrow the roles', () => {
    expect(
      inheritRule({ authorizedRoles: ['video_write', 'use_stream'] }, { authorizedRoles: ['use_stream'] }),
    ).toEqual({
      authorizedRoles: ['use_stream'],
    });
  });
  it('adds up required modules and keeps the highest access level', () => {
    expect(
      inheritRule({ requiredModules: ['FANS_CRM'], accessLevel: 1 }, { requiredModules: ['CHAT'], accessLevel: 0 }),
    ).toEqual({ requiredModules: ['FANS_CRM', 'CHAT'], accessLevel: 1 });
  });
  it('passes rolesOrPlatformAdmin down with the roles, not to a child that sets its own', () => {
    const parent: AccessRule = { authorizedRoles: ['manage_users'], rolesOrPlatformAdmin: true };
    expect(inheritRule(parent, {}).rolesOrPlatformAdmin).toBe(true);
    expect(inheritRule(parent, { authorizedRoles: ['use_crm'] }).rolesOrPlatformAdmin).toBeUndefined();
  });
});

describe('read_only (spec §6, contract READ_ONLY_ROLE)', () => {
  const writeVideos = { authorizedRoles: ['video_write'] } as const;
  it('takes writing away from a role that gives it', () => {
    expect(canWrite({ roles: ['video_write'], modules: ['VIDEOS'] }, writeVideos)).toBe(true);
    expect(canWrite({ roles: ['video_write', 'read_only'], modules: ['VIDEOS'] }, writeVideos)).toBe(false);
  });

  it('grants no access of its own', () => {
    expect(satisfies({ roles: ['read_only'], modules: ['VIDEOS'] }, writeVideos)).toBe(false);
  });

  it('is the person’s own: an admin acting for an account with a read_only group keeps writing', () => {
    const admin = {
      roles: ['manage_customer_accounts', 'video_write'],
      modules: [],
      accessLevel: 1,
      simulatedAccount: { roles: ['video_write', 'read_only'], modules: ['VIDEOS'] },
    };
    expect(canWrite(admin, writeVideos)).toBe(true);
  });
});
