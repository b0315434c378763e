import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log (spec §7 sends feed credentials in the query). */
const SECRET_PARAMETERS = new Set(['username', 'password', 'token', 't', 'access_token']);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced, the rest as it came. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came; it is no secret parameter's name.
      }
      return equals >= 0 && SECRET_PARAMETERS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** Fastify's request serializer, the URL redacted: what a request log line says of it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's redaction: a password field anywhere near the top of a logged object, and bearer tokens. */
export const LOG_REDACT = {
  paths: [
    'password',
    'username',
    '*.password',
    '*.username',
    '*.*.password',
    'req.headers.authorization',
    'req.headers["x-account-key"]',
  ],
  censor: REDACTED,
};
