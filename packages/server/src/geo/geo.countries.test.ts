import { describe, expect, it } from 'vitest';
import { geoCountriesAt } from './geo.countries.ts';

describe('the shipped country database', () => {
  const countries = geoCountriesAt(null);

  it('places addresses of known countries, IPv4 and IPv6', () => {
    expect(countries.countryOf('90.84.0.1')).toBe('FR');
    expect(countries.countryOf('81.246.0.1')).toBe('BE');
    expect(countries.countryOf('85.214.0.1')).toBe('DE');
    expect(countries.countryOf('8.8.8.8')).toBe('US');
    expect(countries.countryOf('81.2.69.160')).toBe('GB');
    expect(countries.countryOf('2a01:cb00::1')).toBe('FR');
    // Asked again: the kept answer.
    expect(countries.countryOf('90.84.0.1')).toBe('FR');
  });

  it('gives no country to the loopback, private networks and what is not an address', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.20', '172.16.0.4', 'fd00::1', '', 'not-an-ip']) {
      expect(countries.countryOf(address)).toBeNull();
    }
  });

  it('says how fresh it is', () => {
    const { builtAt, type } = countries.database();
    expect(type).toBe('country ipvAll');
    expect(Date.parse(builtAt)).toBeGreaterThan(Date.parse('2026-01-01'));
  });
});
