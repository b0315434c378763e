import { CHAT_VIEWER_TOKEN } from '@regie/contract/chat';
import { describe, expect, it } from 'vitest';
import { createChatViewerTokens } from './chat.viewer-tokens.ts';

describe('chat viewer tokens', () => {
  const tokens = createChatViewerTokens('a-test-secret-that-is-long-enough-for-hmac');
  const page = { kind: 'events', accountId: 3, id: 42 } as const;
  const now = Date.UTC(2026, 4, 1, 20, 0, 0);

  it('gives back the viewer it issued, a new random id each time', () => {
    const first = tokens.issue(page, now);
    expect(tokens.verify(first.token, page, now + 1_000)).toEqual(first.viewer);
    expect(first.viewer).toEqual({ viewerId: expect.stringMatching(/^[0-9a-f-]{36}$/), issuedAtMs: now });
    expect(first.expiresAt.getTime()).toBe(now + CHAT_VIEWER_TOKEN.maxAgeMs);
    const second = tokens.issue(page, now);
    expect(second.viewer.viewerId).not.toBe(first.viewer.viewerId);
  });

  it('refuses a tampered, unsigned or rearranged token', () => {
    const { token, viewer } = tokens.issue(page, now);
    const [id = '', issued = '', signature = ''] = token.split('.');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    expect(tokens.verify(`${id}.${issued}.${flip(signature, 0)}`, page, now)).toBeNull();
    // The last character carries spare bits: changed, it is still refused.
    expect(tokens.verify(`${id}.${issued}.${flip(signature, signature.length - 1)}`, page, now)).toBeNull();
    // Another viewer id, or another issue time, under the same signature.
    expect(tokens.verify(`${crypto.randomUUID()}.${issued}.${signature}`, page, now)).toBeNull();
    expect(tokens.verify(`${id}.${Number(issued) + 1}.${signature}`, page, now)).toBeNull();
    for (const bad of [
      '',
      viewer.viewerId,
      `${id}.${issued}`,
      `${token}.x`,
      `${id.toUpperCase()}.${issued}.${signature}`,
    ]) {
      expect(tokens.verify(bad, page, now)).toBeNull();
    }
  });

  it("opens only its own page's chat, and only under its own secret", () => {
    const { token } = tokens.issue(page, now);
    expect(tokens.verify(token, { ...page, id: 43 }, now)).toBeNull();
    expect(tokens.verify(token, { ...page, accountId: 4 }, now)).toBeNull();
    expect(tokens.verify(token, { ...page, kind: 'business-players' }, now)).toBeNull();
    const foreign = createChatViewerTokens('another-secret-of-another-deployment-entirely');
    expect(foreign.verify(token, page, now)).toBeNull();
    expect(tokens.verify(foreign.issue(page, now).token, page, now)).toBeNull();
  });

  it('expires after its life, and is refused when issued ahead of the clock', () => {
    const { token } = tokens.issue(page, now);
    expect(tokens.verify(token, page, now + CHAT_VIEWER_TOKEN.maxAgeMs - 1_000)).not.toBeNull();
    expect(tokens.verify(token, page, now + CHAT_VIEWER_TOKEN.maxAgeMs)).toBeNull();
    // Another process's clock a little ahead is fine; an hour ahead is no clock.
    expect(tokens.verify(token, page, now - 30_000)).not.toBeNull();
    expect(tokens.verify(token, page, now - 3_600_000)).toBeNull();
  });
});
