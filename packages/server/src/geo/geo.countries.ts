import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isCountryCode } from '@regie/contract/geo';
import { type CountryResponse, Reader } from 'maxmind';

/** The GeoLite2 country database the package ships (records `{country_code}`): nothing downloaded at run time. */
export const SHIPPED_GEO_DATABASE = createRequire(import.meta.url).resolve(
  '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb',
);

/** Addresses looked up and kept (a crowd comes from a few thousand addresses a minute). */
const LOOKUPS_KEPT = 20_000;

/** A record of either layout: the shipped database's `{country_code}`, or MaxMind's own `{country: {iso_code}}`. */
type CountryRecord = CountryResponse & { country_code?: string };

/** The reader's cache of decoded records: a map emptied when full (cheaper than an LRU's bookkeeping on every hit). */
function keptLookups(max: number) {
  const kept = new Map<string | number, unknown>();
  return {
    get: (key: string | number) => kept.get(key),
    set(key: string | number, value: unknown) {
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    },
  };
}

export interface GeoCountries {
  /** The ISO code of the address's country; null for an address with none (loopback, a private network, unlisted). */
  countryOf(address: string): string | null;
  /** When the database was built and its kind (shown to administrators). */
  database(): { builtAt: string; type: string };
}

/**
 * The country database, read once into memory with a kept `.mmdb` reader (`maxmind`'s, which
 * reads either layout; `@maxmind/geoip2-node`'s `country()` refuses the shipped one's records).
 * `path` replaces the shipped database (REGIE_GEO_DATABASE: a fresher GeoLite2 or GeoIP2 Country file).
 */
export function openGeoCountries(path: string = SHIPPED_GEO_DATABASE): GeoCountries {
  const reader = new Reader<CountryResponse>(readFileSync(path), { cache: keptLookups(LOOKUPS_KEPT) });
  const { buildEpoch, databaseType } = reader.metadata;
  // Each address's answer: a viewer asks for a segment every second or two.
  const byAddress = new Map<string, string | null>();
  const lookUp = (address: string): string | null => {
    let record: CountryRecord | null;
    try {
      record = reader.get(address) as CountryRecord | null;
    } catch {
      // Not an address (a unix socket's, an injected request's): no country.
      return null;
    }
    const code = record?.country_code ?? record?.country?.iso_code;
    return code && isCountryCode(code) ? code : null;
  };
  return {
    countryOf(address) {
      const kept = byAddress.get(address);
      if (kept !== undefined) return kept;
      const country = lookUp(address);
      if (byAddress.size >= LOOKUPS_KEPT) byAddress.clear();
      byAddress.set(address, country);
      return country;
    },
    database: () => ({ builtAt: buildEpoch.toISOString(), type: databaseType }),
  };
}

const opened = new Map<string, GeoCountries>();

/** The database of a path, read once per process (every app a test builds shares it). */
export function geoCountriesAt(path: string | null): GeoCountries {
  const file = path ?? SHIPPED_GEO_DATABASE;
  let countries = opened.get(file);
  if (!countries) {
    countries = openGeoCountries(file);
    opened.set(file, countries);
  }
  return countries;
}
