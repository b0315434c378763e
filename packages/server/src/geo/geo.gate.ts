import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { GEO_MESSAGES, GEO_REFUSED_STATUS, type GeoPolicy, policyAllows } from '@regie/contract/geo';
import { HttpError } from '../http/http.errors.ts';
import type { GeoCountries } from './geo.countries.ts';

/**
 * The scope a token is signed for when its viewer's address has no country (loopback, a private
 * network) and the account lets such addresses watch: a user-assigned ISO code, never a country.
 */
export const NO_COUNTRY_SCOPE = 'XX';

/**
 * Who is watching, and whether they may (GEO_BLOCKING, contract geo.ts): the viewer's address
 * (X-Forwarded-For only from a trusted proxy, as Fastify's `request.ip`), its country, a policy's
 * answer, and the scope a viewer's signed URLs are bound to. Works on the raw request, so the
 * front cache (http/front.cache.ts) asks the same before serving a kept answer.
 */
export interface GeoGate {
  /** The viewer's country (ISO code), or null for an address without one. */
  countryOf(request: IncomingMessage): string | null;
  /** True when the policy lets this viewer watch (no policy: everyone). */
  allows(request: IncomingMessage, policy: GeoPolicy | null): boolean;
  /** What a front-cache hit of an answer under this policy checks (none when nobody is refused). */
  admitFor(policy: GeoPolicy | null): ((request: IncomingMessage) => boolean) | undefined;
  /** Throws 451 "not available in your country" when the policy refuses this viewer. */
  assertAllowed(request: IncomingMessage, policy: GeoPolicy | null): void;
  /** The scope this viewer's signed URLs are bound to: their country, or NO_COUNTRY_SCOPE. */
  scopeOf(request: IncomingMessage): string;
  /** True when a token bound to `scope` may be used by this viewer. */
  inScope(request: IncomingMessage, scope: string): boolean;
  /** The country database (shown to administrators). */
  database(): { builtAt: string; type: string };
}

export function geoRefused(): HttpError {
  return new HttpError(GEO_REFUSED_STATUS, GEO_MESSAGES.refused);
}

/** `::ffff:90.84.0.1` (an IPv4 client on a dual-stack socket) as the database knows it. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** The viewer's address: the connection's, or the client X-Forwarded-For names when the connection is a trusted proxy's. */
export function viewerAddressOf(trusted: false | readonly string[]): (request: IncomingMessage) => string {
  if (trusted === false) return (request) => plainAddress(request.socket.remoteAddress ?? '');
  const trust = proxyAddr.compile([...trusted]);
  return (request) => plainAddress(proxyAddr(request, trust));
}

export function createGeoGate(countries: GeoCountries, trusted: false | readonly string[]): GeoGate {
  const addressOf = viewerAddressOf(trusted);
  const countryOf = (request: IncomingMessage) => countries.countryOf(addressOf(request));
  const allows = (request: IncomingMessage, policy: GeoPolicy | null) =>
    policy === null || policy.rules.length === 0 || policyAllows(policy, countryOf(request));
  return {
    countryOf,
    allows,
    admitFor: (policy) => (policy === null ? undefined : (request) => allows(request, policy)),
    assertAllowed(request, policy) {
      if (!allows(request, policy)) throw geoRefused();
    },
    scopeOf: (request) => countryOf(request) ?? NO_COUNTRY_SCOPE,
    inScope: (request, scope) => (countryOf(request) ?? NO_COUNTRY_SCOPE) === scope,
    database: () => countries.database(),
  };
}
