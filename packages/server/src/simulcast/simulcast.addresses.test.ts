import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http.errors.ts';
import { assertPushableTarget, type PushPolicy } from './simulcast.addresses.ts';

/** A DNS of the test's own: each name to its addresses; any other name does not resolve. */
const dns =
  (table: Record<string, string[]>): PushPolicy['resolve'] =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolve = dns({
  'live.example.com': ['93.184.215.14'],
  'intranet.club.test': ['10.20.3.4'],
  'metadata.google.internal': ['169.254.169.254'],
  'both.example.com': ['93.184.215.14', '192.168.1.10'],
  'v6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
});

async function refusal(url: string, allowHosts: string[] = []): Promise<string | null> {
  try {
    await assertPushableTarget(url, { allowHosts, resolve });
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.statusCode).toBe(400);
    return error.message;
  }
}

describe('where a simulcast target may push (issue 40.7)', () => {
  it('lets public addresses and names through', async () => {
    expect(await refusal('rtmps://live.example.com/app')).toBeNull();
    expect(await refusal('rtmp://93.184.215.14/live')).toBeNull();
    expect(await refusal('rtmp://v6.example.com/live')).toBeNull();
  });

  it('refuses loopback, private, link-local and metadata addresses, named or written out', async () => {
    for (const [url, address] of [
      ['rtmp://127.0.0.1/live', '127.0.0.1'],
      ['rtmp://127.0.0.1:1935/live', '127.0.0.1'],
      ['rtmp://192.168.1.10/live', '192.168.1.10'],
      ['rtmp://10.0.0.8/live', '10.0.0.8'],
      ['rtmp://172.16.5.5/live', '172.16.5.5'],
      ['rtmp://169.254.169.254/live', '169.254.169.254'],
      ['rtmp://[::1]/live', '::1'],
      ['rtmp://[::ffff:10.0.0.1]/live', '::ffff:a00:1'],
      ['rtmp://[fd00::1]/live', 'fd00::1'],
      ['rtmp://0.0.0.0/live', '0.0.0.0'],
      ['rtmp://intranet.club.test/live', '10.20.3.4'],
      ['rtmp://metadata.google.internal/live', '169.254.169.254'],
      // One private address among a name's answers is enough.
      ['rtmp://both.example.com/live', '192.168.1.10'],
    ] as const) {
      const message = await refusal(url);
      expect(message, url).toContain(address);
      expect(message, url).toContain('public addresses');
    }
  });

  it('allows the private hosts the platform names: a name, an address or a network', async () => {
    expect(await refusal('rtmp://intranet.club.test/live', ['intranet.club.test'])).toBeNull();
    expect(await refusal('rtmp://intranet.club.test/live', ['10.20.0.0/16'])).toBeNull();
    expect(await refusal('rtmp://192.168.1.10/live', ['192.168.1.10'])).toBeNull();
    expect(await refusal('rtmp://[fd00::1]/live', ['fd00::/8'])).toBeNull();
    // Another network stays refused.
    expect(await refusal('rtmp://10.30.0.1/live', ['10.20.0.0/16'])).toContain('10.30.0.1');
    expect(await refusal('rtmp://127.0.0.1/live', ['10.20.0.0/16'])).toContain('127.0.0.1');
  });

  it('lets a name that does not resolve here through: ffmpeg cannot reach it either, and says so', async () => {
    expect(await refusal('rtmp://not-in-this-dns.example/live')).toBeNull();
  });
});
