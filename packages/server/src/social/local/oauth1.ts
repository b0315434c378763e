import { createHmac } from 'node:crypto';

/**
 * The server side of OAuth 1.0a HMAC-SHA1 signing (RFC 5849 §3.4), for X's stand-in: it rebuilds
 * the signature base string from what arrived and compares signatures. Pure functions, tested
 * against the RFC's and X's worked examples (oauth1.test.ts), so a slip here cannot hide behind a
 * client library making the same slip.
 */

export type Pair = readonly [name: string, value: string];

/** RFC 5849 §3.6: every byte percent-encoded but the unreserved ALPHA / DIGIT / "-" / "." / "_" / "~". */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The parameters of an `Authorization: OAuth …` header (RFC 5849 §3.5.1), percent-decoded, without
 * `realm`. Null when the header is not OAuth, is malformed, or repeats a parameter.
 */
export function parseOAuthHeader(header: string | undefined): Pair[] | null {
  const match = /^OAuth\s+(.*)$/is.exec(header?.trim() ?? '');
  if (!match) return null;
  const pairs: Pair[] = [];
  const seen = new Set<string>();
  for (const part of (match[1] ?? '').split(',')) {
    if (part.trim() === '') continue;
    const item = /^\s*([^=\s]+)\s*=\s*"([^"]*)"\s*$/.exec(part);
    if (!item) return null;
    const name = decode(item[1] ?? '');
    const value = decode(item[2] ?? '');
    if (name === null || value === null || seen.has(name)) return null;
    seen.add(name);
    if (name !== 'realm') pairs.push([name, value]);
  }
  return pairs;
}

/**
 * `application/x-www-form-urlencoded` pairs (a query string or a form body), decoded as RFC 5849
 * §3.4.1.3.1 says: `+` is a space, a name without `=` has an empty value. Null when malformed.
 */
export function formPairs(text: string): Pair[] | null {
  const pairs: Pair[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const name = decode((at < 0 ? part : part.slice(0, at)).replaceAll('+', ' '));
    const value = decode(at < 0 ? '' : part.slice(at + 1).replaceAll('+', ' '));
    if (name === null || value === null) return null;
    pairs.push([name, value]);
  }
  return pairs;
}

/** RFC 5849 §3.4.1.2: scheme and host in lower case, the default port left out, no query. */
export function baseStringUri(scheme: string, host: string, path: string): string {
  const lowerScheme = scheme.toLowerCase();
  const defaultPort = lowerScheme === 'https' ? ':443' : ':80';
  let authority = host.toLowerCase();
  if (authority.endsWith(defaultPort)) authority = authority.slice(0, -defaultPort.length);
  return `${lowerScheme}://${authority}${path || '/'}`;
}

/** RFC 5849 §3.4.1.3.2: encoded, sorted by name then value, joined with `=` and `&`. */
export function normalizeParameters(pairs: readonly Pair[]): string {
  return pairs
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => compare(an, bn) || compare(av, bv))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** RFC 5849 §3.4.1: METHOD & encoded base URI & encoded normalized parameters (oauth_signature excluded). */
export function signatureBaseString(method: string, baseUri: string, pairs: readonly Pair[]): string {
  const signed = pairs.filter(([name]) => name !== 'oauth_signature');
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalizeParameters(signed))].join('&');
}

/** RFC 5849 §3.4.2: base64 HMAC-SHA1 keyed with encoded consumer secret `&` encoded token secret. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString).digest('base64');
}

/** Byte order of the encoded strings, as the RFC asks (not locale order). */
function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
