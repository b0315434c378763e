import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  formPairs,
  hmacSha1Signature,
  normalizeParameters,
  parseOAuthHeader,
  percentEncode,
  signatureBaseString,
} from './oauth1.ts';

// The server side of OAuth 1.0a signing, checked against the published worked examples rather than
// against a client library (which could share a mistake).
describe('OAuth 1.0a signature base string (RFC 5849 §3.4)', () => {
  it('rebuilds RFC 5849 §3.4.1.1 example from the raw request', () => {
    const header = parseOAuthHeader(
      'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", ' +
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", ' +
        'oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"',
    );
    const query = formPairs('b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const body = formPairs('c2&a3=2+q');
    expect(header).not.toBeNull();
    const pairs = [...(header ?? []), ...(query ?? []), ...(body ?? [])];
    expect(signatureBaseString('post', baseStringUri('HTTP', 'Example.com:80', '/request'), pairs)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D' +
        '%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1' +
        '%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it("signs X's documented example (developer.x.com, Creating a signature) to its published value", () => {
    const pairs = [
      ...(formPairs('include_entities=true') ?? []),
      ...(formPairs('status=Hello%20Ladies%20%2b%20Gentlemen%2c%20a%20signed%20OAuth%20request%21') ?? []),
      ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
      ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1318622958'],
      ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
      ['oauth_version', '1.0'],
    ] as const;
    const base = signatureBaseString(
      'POST',
      baseStringUri('https', 'api.twitter.com', '/1.1/statuses/update.json'),
      pairs,
    );
    expect(base).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key' +
        '%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method' +
        '%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb' +
        '%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth' +
        '%2520request%2521',
    );
    expect(
      hmacSha1Signature(
        base,
        'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      ),
    ).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('percent-encodes all but the unreserved characters, UTF-8 first', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~._-")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~._-');
    expect(percentEncode('☃')).toBe('%E2%98%83');
  });

  it('sorts repeated names by value, in byte order', () => {
    expect(
      normalizeParameters([
        ['a', 'z'],
        ['B', '1'],
        ['a', 'Z'],
        ['a', ''],
      ]),
    ).toBe('B=1&a=&a=Z&a=z');
  });

  it('keeps non-default ports, drops default ones', () => {
    expect(baseStringUri('https', 'API.x.com:443', '/oauth/request_token')).toBe(
      'https://api.x.com/oauth/request_token',
    );
    expect(baseStringUri('http', '127.0.0.1:8080', '/a')).toBe('http://127.0.0.1:8080/a');
  });

  it('refuses malformed or repeated Authorization header parameters', () => {
    expect(parseOAuthHeader('Bearer abc')).toBeNull();
    expect(parseOAuthHeader('OAuth oauth_nonce=abc')).toBeNull();
    expect(parseOAuthHeader('OAuth oauth_nonce="a", oauth_nonce="b"')).toBeNull();
    expect(parseOAuthHeader('OAuth oauth_callback="http%3A%2F%2Fx.test%2Fcb"')).toEqual([
      ['oauth_callback', 'http://x.test/cb'],
    ]);
  });
});
