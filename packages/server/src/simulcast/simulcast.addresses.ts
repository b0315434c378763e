import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { SIMULCAST_MESSAGES } from '@regie/contract/simulcast';
import { badRequest } from '../http/http.errors.ts';
import { bareHost, isPublicAddress } from '../videos/import.addresses.ts';
import type { Resolver } from '../videos/import.fetch.ts';

/**
 * Where a simulcast target may push (issue 40.7): a public address only, as import-url's rules
 * say (import.addresses.ts: loopback, private, link-local and the cloud's metadata address,
 * carrier-grade NAT, documentation ranges… refused, IPv4 hidden in IPv6 too), after resolving the
 * host's name. The platform names the private hosts it allows in REGIE_SIMULCAST_ALLOW_HOSTS:
 * host names, addresses, or networks (`10.20.0.0/16`, `fd00::/8`).
 *
 * A name that does not resolve here is let through: ffmpeg, which resolves it the same way, then
 * fails to connect and the target says so. The check runs when a target is saved and again at each
 * start, so a name that moved to a private address since it was saved is refused too.
 */
export interface PushPolicy {
  allowHosts: readonly string[];
  /** Host name → addresses; the system's DNS by default. */
  resolve?: Resolver;
}

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** A saving operator does not wait on a DNS server that does not answer: past this, as unresolved. */
const RESOLVE_TIMEOUT_MS = 5_000;

function resolveWithin(resolve: Resolver, host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<[]>((done) => {
    timer = setTimeout(() => done([]), RESOLVE_TIMEOUT_MS);
  });
  const found = resolve(host).then(
    (addresses) => addresses.map((entry) => entry.address),
    () => [],
  );
  return Promise.race([found, timeout]).finally(() => clearTimeout(timer));
}

/** The allow-list's networks, and its names and addresses as they are. */
function allowList(entries: readonly string[]): { names: Set<string>; networks: BlockList } {
  const names = new Set<string>();
  const networks = new BlockList();
  for (const entry of entries) {
    const [network, prefix] = entry.split('/');
    const family = network ? isIP(network) : 0;
    if (prefix !== undefined && network && family !== 0 && /^\d{1,3}$/.test(prefix)) {
      networks.addSubnet(network, Number(prefix), family === 6 ? 'ipv6' : 'ipv4');
    } else {
      names.add(bareHost(entry));
    }
  }
  return { names, networks };
}

function allowed(list: ReturnType<typeof allowList>, host: string, address: string): boolean {
  if (list.names.has(host) || list.names.has(address)) return true;
  const family = isIP(address);
  return family !== 0 && list.networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Throws a 400 (on the `url` field) saying which host and address when `rawUrl` would push to a private address. */
export async function assertPushableTarget(rawUrl: string, policy: PushPolicy): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return; // The body's schema refused it already (badUrl).
  }
  const host = bareHost(url.hostname);
  const list = allowList(policy.allowHosts);
  const addresses = isIP(host) ? [host] : await resolveWithin(policy.resolve ?? systemResolver, host);
  for (const address of addresses) {
    if (!isPublicAddress(address) && !allowed(list, host, address)) {
      const message = SIMULCAST_MESSAGES.privateTarget(host, address);
      // On the URL field too, where the form shows it.
      throw badRequest(message, [{ path: 'url', message }]);
    }
  }
}
