import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isPublicAddress } from './import.addresses.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    '::127.0.0.1',
    '2001:db8::1',
    'not an address',
    'localhost',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('embeddedIpv4', () => {
  it('reads the IPv4 address of mapped, NAT64 and 6to4 addresses', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
    expect(embeddedIpv4('10.0.0.1')).toBeNull();
  });
});
