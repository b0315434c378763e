import type { IncomingMessage } from 'node:http';
import type { GeoPolicy } from '@regie/contract/geo';
import { describe, expect, it } from 'vitest';
import { geoCountriesAt } from './geo.countries.ts';
import { createGeoGate, NO_COUNTRY_SCOPE } from './geo.gate.ts';

/** A raw request from `remote`, with X-Forwarded-For when given. */
function request(remote: string, forwarded?: string): IncomingMessage {
  return {
    socket: { remoteAddress: remote },
    connection: { remoteAddress: remote },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  } as unknown as IncomingMessage;
}

const FRANCE_AND_BELGIUM: GeoPolicy = {
  rules: [{ mode: 'allow', countries: ['FR', 'BE'] }],
  unknownAddresses: 'allow',
};

describe('the geo gate', () => {
  const countries = geoCountriesAt(null);

  it('reads X-Forwarded-For only from a trusted proxy', () => {
    const behindProxy = createGeoGate(countries, ['loopback', 'uniquelocal']);
    expect(behindProxy.countryOf(request('127.0.0.1', '90.84.0.1'))).toBe('FR');
    expect(behindProxy.countryOf(request('10.0.0.2', '85.214.0.1'))).toBe('DE');
    // A client on the internet naming another address: its own counts.
    expect(behindProxy.countryOf(request('85.214.0.1', '90.84.0.1'))).toBe('DE');
    // Through two trusted hops, the client is the first address not trusted.
    expect(behindProxy.countryOf(request('127.0.0.1', '81.246.0.1, 10.0.0.9'))).toBe('BE');
    // Not behind a proxy: never the header.
    const direct = createGeoGate(countries, false);
    expect(direct.countryOf(request('127.0.0.1', '90.84.0.1'))).toBeNull();
    expect(direct.countryOf(request('::ffff:90.84.0.1'))).toBe('FR');
  });

  it('lets a viewer in under every rule of the policy, and addresses without a country as the account says', () => {
    const gate = createGeoGate(countries, false);
    expect(gate.allows(request('90.84.0.1'), FRANCE_AND_BELGIUM)).toBe(true);
    expect(gate.allows(request('85.214.0.1'), FRANCE_AND_BELGIUM)).toBe(false);
    expect(gate.allows(request('85.214.0.1'), null)).toBe(true);
    const withArchive: GeoPolicy = {
      ...FRANCE_AND_BELGIUM,
      rules: [...FRANCE_AND_BELGIUM.rules, { mode: 'block', countries: ['BE'] }],
    };
    expect(gate.allows(request('81.246.0.1'), withArchive)).toBe(false);
    expect(gate.allows(request('90.84.0.1'), withArchive)).toBe(true);
    expect(gate.allows(request('192.168.1.20'), FRANCE_AND_BELGIUM)).toBe(true);
    expect(gate.allows(request('192.168.1.20'), { ...FRANCE_AND_BELGIUM, unknownAddresses: 'refuse' })).toBe(false);
    expect(() => gate.assertAllowed(request('8.8.8.8'), FRANCE_AND_BELGIUM)).toThrow(
      expect.objectContaining({ statusCode: 451 }),
    );
  });

  it("binds a viewer's URLs to their country", () => {
    const gate = createGeoGate(countries, false);
    expect(gate.scopeOf(request('90.84.0.1'))).toBe('FR');
    expect(gate.scopeOf(request('127.0.0.1'))).toBe(NO_COUNTRY_SCOPE);
    expect(gate.inScope(request('90.84.0.1'), 'FR')).toBe(true);
    expect(gate.inScope(request('85.214.0.1'), 'FR')).toBe(false);
  });
});
