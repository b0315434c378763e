import { type AuditEntry, type AuditPage, auditPaths } from '@regie/contract/audit';
import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';

/**
 * The audit trail as an account's own manager (manage_users) reads it: the entries of `filters`
 * (resource, resourceId, action…), newest first. One manager per account, made at the first read.
 */
export function auditReader(
  ctx: TestContext,
): (accountId: number, filters: Record<string, string | number>) => Promise<AuditEntry[]> {
  const managers = new Map<number, Promise<string>>();
  const managerOf = (accountId: number) => {
    let token = managers.get(accountId);
    if (!token) {
      token = ctx
        .buildUser({ accountId, roles: ['manage_users'] })
        .then((user) => ctx.login(user.username, user.password));
      managers.set(accountId, token);
    }
    return token;
  };
  return async (accountId, filters) => {
    const query = new URLSearchParams({ limit: '200' });
    for (const [name, value] of Object.entries(filters)) query.set(name, String(value));
    const response = await ctx.request({ url: `${auditPaths.list}?${query}`, token: await managerOf(accountId) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().data;
  };
}
