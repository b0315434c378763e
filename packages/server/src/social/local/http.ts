import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_EXEMPTIONS } from '../../audit/audit.declared.ts';
import type { Answer } from './errors.ts';
import { formPairs, type Pair } from './oauth1.ts';

/**
 * Request reading the stand-ins share. They read forms as raw text (OAuth 1.0a signs the bytes'
 * decoded pairs, repeated names included), headers as the platforms do, and build absolute URLs
 * as the browser or the client saw this server.
 */

export const FORM = 'application/x-www-form-urlencoded';

/**
 * Forms arrive as their raw text in this plugin's scope only (Fastify has no form parser, and the
 * app's may decode differently): the scope's own parser replaces any inherited one.
 */
export function registerFormParser(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
}

export function send(reply: FastifyReply, answer: Answer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.code(answer.status).send(answer.body);
}

/** The body's form pairs (empty for anything but a form). */
export function bodyPairs(request: FastifyRequest): Pair[] {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith(FORM) || typeof request.body !== 'string') return [];
  return formPairs(request.body) ?? [];
}

/** The raw query string's pairs, decoded as a form (`+` is a space). */
export function queryPairs(request: FastifyRequest): Pair[] {
  const at = request.url.indexOf('?');
  return at < 0 ? [] : (formPairs(request.url.slice(at + 1)) ?? []);
}

/** Pairs as one value per name (the first), which is how the platforms read their parameters. */
export function paramsOf(...lists: Pair[][]): Map<string, string> {
  const params = new Map<string, string>();
  for (const pairs of lists) for (const [name, value] of pairs) if (!params.has(name)) params.set(name, value);
  return params;
}

/** The request's path, without the query string. */
export function pathOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? request.url : request.url.slice(0, at);
}

/** `Authorization: Bearer <token>` (RFC 6750 §2.1), or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * HTTP Basic client credentials (RFC 6749 §2.3.1: both form-encoded before base64), or null.
 */
export function basicClient(request: FastifyRequest): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const at = text.indexOf(':');
  if (at < 0) return null;
  const id = decodeForm(text.slice(0, at));
  const secret = decodeForm(text.slice(at + 1));
  return id !== null && secret !== null ? { id, secret } : null;
}

/** The origin the client used: X-Forwarded-Proto/Host when a proxy is in front, else http:// + Host. */
export function publicOrigin(request: FastifyRequest): { scheme: string; host: string } {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  const scheme = first(request.headers['x-forwarded-proto']) ?? 'http';
  const host = first(request.headers['x-forwarded-host']) ?? request.headers.host ?? 'localhost';
  return { scheme: scheme.toLowerCase(), host };
}

/** An absolute URL on this server, for pictures the platforms' answers link to. */
export function absoluteUrl(request: FastifyRequest, path: string): string {
  const { scheme, host } = publicOrigin(request);
  return `${scheme}://${host}${path}`;
}

/** `url` with parameters added to its query (kept in order, values encoded). */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.append(name, value);
  return target.toString();
}

/** True for an absolute http(s) URL without a fragment: what a redirect_uri or oauth_callback must be. */
export function isRedirectUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !value.includes('#');
  } catch {
    return false;
  }
}

function decodeForm(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The route options of a stand-in's write call: another web site's endpoint, whose effect (a link)
 * the audited callback records (audit/audit.declared.ts).
 */
export const STAND_IN = { config: { audit: { exempt: AUDIT_EXEMPTIONS.machine } } } as const;
