import { describe, expect, it } from 'vitest';
import { scopeBodyAccountId } from './tenancy.body.ts';

const simulating = { accountId: 7, mayChooseAccount: false };

describe('scopeBodyAccountId', () => {
  it.each(['POST', 'PUT', 'PATCH'])('forces AccountId on %s bodies to the account acted for', (method) => {
    expect(scopeBodyAccountId({ name: 'Final', AccountId: 3 }, { ...simulating, method })).toEqual({
      name: 'Final',
      AccountId: 7,
    });
    expect(scopeBodyAccountId({ name: 'Final' }, { ...simulating, method })).toEqual({ name: 'Final', AccountId: 7 });
  });

  it('leaves reads and deletes alone', () => {
    for (const method of ['GET', 'DELETE', 'HEAD']) {
      expect(scopeBodyAccountId({ AccountId: 3 }, { ...simulating, method })).toEqual({ AccountId: 3 });
    }
  });

  it('lets an admin acting for no account choose the account', () => {
    expect(scopeBodyAccountId({ AccountId: 3 }, { method: 'POST', accountId: 1, mayChooseAccount: true })).toEqual({
      AccountId: 3,
    });
  });

  it('does not touch bodies that are not objects', () => {
    const list = [{ id: 1 }];
    expect(scopeBodyAccountId(list, { ...simulating, method: 'PATCH' })).toBe(list);
    expect(scopeBodyAccountId(undefined, { ...simulating, method: 'POST' })).toBeUndefined();
  });

  it('does not mutate the original body', () => {
    const body = { AccountId: 3 };
    scopeBodyAccountId(body, { ...simulating, method: 'POST' });
    expect(body).toEqual({ AccountId: 3 });
  });
});
