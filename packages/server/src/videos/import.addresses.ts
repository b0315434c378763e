import { BlockList, isIP } from 'node:net';

/**
 * Which addresses import-url may connect to: public unicast only. Private, loopback, link-local,
 * unique-local, multicast, unspecified, reserved and documentation ranges are refused, for IPv4
 * and IPv6 alike, including IPv4 addresses hidden in IPv6 (mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::, and the old compatible ::a.b.c.d).
 */

const IPV4_NOT_PUBLIC: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const IPV6_NOT_PUBLIC: readonly [string, number][] = [
  ['::', 96], // unspecified, loopback and IPv4-compatible addresses
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of IPV4_NOT_PUBLIC) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_NOT_PUBLIC) blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv6 address as eight 16-bit groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().split('%')[0] ?? '';
  // A dotted IPv4 tail becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] && dotted[2]) {
    const bytes = dotted[2].split('.').map(Number);
    text = `${dotted[1]}${(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16)}:${(((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(0, zeros)).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

/** The IPv4 address an IPv6 one carries (mapped, NAT64), or null. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const mapped = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff;
  const nat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
  if (mapped || nat64) return [g >> 8, g & 0xff, h >> 8, h & 0xff].join('.');
  // 6to4: 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD.
  if (a === 0x2002) return [b >> 8, b & 0xff, c >> 8, c & 0xff].join('.');
  return null;
}

/** True for a public unicast address; false for any other, and for text that is no address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blocked.check(address, 'ipv4');
  if (version !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner) return isPublicAddress(inner);
  return !blocked.check(address.split('%')[0] ?? '', 'ipv6');
}

/** A URL's host as an address or a name: lowercase, IPv6 brackets removed. */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}
