import type { IncomingMessage } from 'node:http';
import { VIEWER_ACCESS_MESSAGES } from '@regie/contract/viewer-access';
import { type GeoGate, geoRefused } from '../geo/geo.gate.ts';
import { unauthorized } from '../http/http.errors.ts';
import { tokenScope } from '../videos/media.tokens.ts';

/**
 * The scope of a viewer's signed URLs (`{expires}.{scope}.{signature}`, media.tokens.ts): the
 * country they watch from, and for a fans-only or paid page the fan's session, as `FR` or
 * `FRf1234`. The country is their ISO code, NO_COUNTRY_SCOPE for an address without one, or
 * ANY_COUNTRY_SCOPE when no geo rule applies (a paid page open to every country).
 */
export const ANY_COUNTRY_SCOPE = 'ZZ';

const SCOPE = /^([A-Z]{2})(?:f([0-9]{1,12}))?$/;

/** The scope of a viewer's URLs: their country (or ZZ), and the fan session they are bound to. */
export function viewerScope(country: string, sessionId?: number): string {
  return sessionId === undefined ? country : `${country}f${sessionId}`;
}

/** A scope's parts; null for a text that is none. */
export function parseScope(scope: string): { country: string; sessionId: number | null } | null {
  const match = SCOPE.exec(scope);
  if (!match?.[1]) return null;
  return { country: match[1], sessionId: match[2] === undefined ? null : Number(match[2]) };
}

/** The fan sessions as a scoped URL needs them (fans/fans.sessions.ts). */
export interface OpenSessions {
  isOpen(sessionId: number): Promise<boolean>;
  knownOpen(sessionId: number): boolean;
}

/**
 * Checks a signed URL's scope against who asks: the country (451 elsewhere) and the fan session
 * (401 once it ended: a URL passed on, or kept past a sign-out, plays nothing). Used by the media
 * and live routes on every playlist and segment.
 */
export interface ViewerScopes {
  /** Throws 451 or 401 when the token's scope is not this asker's; gives the scope (null: a token for anyone). */
  check(request: IncomingMessage, token: string): Promise<string | null>;
  /** What a front-cache hit of the token's answer checks (none for a token for anyone); no query. */
  admit(token: string): ((request: IncomingMessage) => boolean) | undefined;
}

export function createViewerScopes(geo: GeoGate, sessions: OpenSessions): ViewerScopes {
  const inCountry = (request: IncomingMessage, country: string) =>
    country === ANY_COUNTRY_SCOPE || geo.inScope(request, country);
  return {
    async check(request, token) {
      const scope = tokenScope(token);
      if (scope === null) return null;
      const parts = parseScope(scope);
      if (!parts || !inCountry(request, parts.country)) throw geoRefused();
      if (parts.sessionId !== null && !(await sessions.isOpen(parts.sessionId))) {
        throw unauthorized(VIEWER_ACCESS_MESSAGES.signInToWatch);
      }
      return scope;
    },
    admit(token) {
      const scope = tokenScope(token);
      if (scope === null) return undefined;
      const parts = parseScope(scope);
      if (!parts) return () => false;
      const { country, sessionId } = parts;
      return (request) => inCountry(request, country) && (sessionId === null || sessions.knownOpen(sessionId));
    },
  };
}
