import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { GeoGate } from '../geo/geo.gate.ts';
import { ANY_COUNTRY_SCOPE, createViewerScopes, parseScope, viewerScope } from './viewer-scope.ts';

/** A gate placing every asker in the country its `x-country` header names. */
const geo = {
  inScope: (request: IncomingMessage, scope: string) => request.headers['x-country'] === scope,
} as unknown as GeoGate;
const asker = (country: string) => ({ headers: { 'x-country': country } }) as unknown as IncomingMessage;

describe('viewer scopes', () => {
  it('write and read a country with or without a fan session', () => {
    expect(viewerScope('FR')).toBe('FR');
    expect(viewerScope('FR', 42)).toBe('FRf42');
    expect(parseScope('FRf42')).toEqual({ country: 'FR', sessionId: 42 });
    expect(parseScope('ZZ')).toEqual({ country: 'ZZ', sessionId: null });
    expect(parseScope('FRx42')).toBeNull();
  });

  it('refuse another country (451) and a session no longer open (401); any country for ZZ', async () => {
    const open = new Set([7]);
    const scopes = createViewerScopes(geo, {
      isOpen: async (id) => open.has(id),
      knownOpen: (id) => open.has(id),
    });
    const token = (scope: string) => `1999999999.${scope}.${'a'.repeat(32)}`;
    await expect(scopes.check(asker('FR'), token('FRf7'))).resolves.toBe('FRf7');
    await expect(scopes.check(asker('DE'), token('FRf7'))).rejects.toMatchObject({ statusCode: 451 });
    await expect(scopes.check(asker('DE'), token(viewerScope(ANY_COUNTRY_SCOPE, 7)))).resolves.toBe('ZZf7');
    await expect(scopes.check(asker('FR'), token('FRf8'))).rejects.toMatchObject({ statusCode: 401 });
    await expect(scopes.check(asker('FR'), `1999999999.${'a'.repeat(32)}`)).resolves.toBeNull();

    const admit = scopes.admit(token('ZZf7'));
    expect(admit?.(asker('US'))).toBe(true);
    open.delete(7);
    expect(admit?.(asker('US'))).toBe(false);
    expect(scopes.admit(`1999999999.${'a'.repeat(32)}`)).toBeUndefined();
  });
});
