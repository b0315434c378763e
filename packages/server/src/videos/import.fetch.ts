import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Message } from '@regie/contract/messages';
import { VIDEO_IMPORT_MAX_REDIRECTS, VIDEO_MESSAGES } from '@regie/contract/videos';
import { MessageError } from '../common/message.error.ts';
import { bareHost, isPublicAddress } from './import.addresses.ts';

/**
 * Downloads for import-url, safe against server-side request forgery: only http(s); the host is
 * resolved here and every address it has must be public (or allow-listed); the connection goes to
 * the address that was checked (a second DNS answer cannot swap it: no DNS rebinding); redirects
 * are followed by hand, each one checked the same way, at most VIDEO_IMPORT_MAX_REDIRECTS.
 */

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export interface ImportPolicy {
  /** Host names and addresses allowed although not public (REGIE_IMPORT_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  /** Host name → addresses; the system's DNS by default. */
  resolve?: Resolver;
}

/** A URL that cannot be imported; `permanent` when trying again cannot help. */
export class ImportError extends MessageError {
  constructor(
    message: Message,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ImportTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checks a URL and resolves its host to an address it may connect to; ImportError otherwise. */
export async function resolveImportTarget(
  raw: string,
  policy: Pick<ImportPolicy, 'allowHosts' | 'resolve'>,
): Promise<ImportTarget> {
  const resolve = policy.resolve ?? systemResolver;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImportError(VIDEO_MESSAGES.importBadUrl, true);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportError(VIDEO_MESSAGES.importScheme, true);
  const host = bareHost(url.hostname);
  const allowed = (value: string) => policy.allowHosts.includes(value.toLowerCase());
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    addresses = await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new ImportError(VIDEO_MESSAGES.importUnresolved(host), true);
  }
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !allowed(host) && !allowed(address)) {
      throw new ImportError(VIDEO_MESSAGES.importRefused(host, address), true);
    }
  }
  const [first] = addresses;
  if (!first) throw new ImportError(VIDEO_MESSAGES.importUnresolved(host), true);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A DNS lookup that always answers the address already checked. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Without a byte for this long, the download is given up. */
const IDLE_TIMEOUT_MS = 60_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function get(
  target: ImportTarget,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      target.url,
      {
        // A fresh connection each time: a pooled one may lead to an address checked for another URL.
        agent: false,
        signal,
        lookup: pinned(target.address, target.family),
        timeout: IDLE_TIMEOUT_MS,
        headers: { 'user-agent': 'Regie video import', accept: '*/*', ...headers },
      },
      resolve,
    );
    request.on('timeout', () => request.destroy(new ImportError(VIDEO_MESSAGES.importStalled, false)));
    request.on('error', reject);
  });
}

export interface RemoteFile {
  body: IncomingMessage;
  /** From Content-Length, when the server sent one. */
  size: number | null;
  contentType: string;
  /** From Content-Disposition, else the last segment of the final URL's path. */
  filename: string;
  url: URL;
}

/** The file name a download announces, or the URL's last path segment. */
export function remoteFilename(disposition: string | undefined, url: URL): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let name = '';
  try {
    name = encoded ? decodeURIComponent(encoded) : (plain ?? decodeURIComponent(url.pathname.split('/').pop() ?? ''));
  } catch {
    name = plain ?? '';
  }
  const clean = name
    .replace(/[\\/]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);
  return clean || 'video';
}

/**
 * Opens the download of `raw`, following checked redirects; the caller reads (or destroys) the
 * body. `headers` (a feed's basic authentication) go to the first URL's origin only, never to
 * another host a redirect names.
 */
export async function openRemoteFile(
  raw: string,
  policy: ImportPolicy,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<RemoteFile> {
  let current = raw;
  const origin = URL.canParse(raw) ? new URL(raw).origin : '';
  for (let hop = 0; hop <= VIDEO_IMPORT_MAX_REDIRECTS; hop += 1) {
    const target = await resolveImportTarget(current, policy);
    const response = await get(target, signal, target.url.origin === origin ? headers : {});
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      current = new URL(location, target.url).toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      // A 4xx will answer the same next time (except time-outs and rate limits); a 5xx may not.
      const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
      throw new ImportError(VIDEO_MESSAGES.importHttpStatus(status), permanent);
    }
    const length = Number(response.headers['content-length']);
    const size = response.headers['content-length'] !== undefined && Number.isSafeInteger(length) ? length : null;
    if (size !== null && size > policy.maxBytes) {
      response.destroy();
      throw new ImportError(VIDEO_MESSAGES.importTooLarge(policy.maxBytes), true);
    }
    return {
      body: response,
      size,
      contentType: response.headers['content-type']?.split(';')[0]?.trim() || 'application/octet-stream',
      filename: remoteFilename(response.headers['content-disposition'], target.url),
      url: target.url,
    };
  }
  throw new ImportError(VIDEO_MESSAGES.importTooManyRedirects, true);
}
