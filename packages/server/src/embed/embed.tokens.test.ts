import { describe, expect, it } from 'vitest';
import { createEmbedTokens, OPENED_TOKENS_KEPT } from './embed.tokens.ts';

describe('embed tokens', () => {
  const tokens = createEmbedTokens('a-test-secret-that-is-long-enough-for-hmac');
  const target = { kind: 'events', accountId: 3, id: 42 } as const;

  it('verify gives back what sign named, and the same content always gets the same token', () => {
    expect(tokens.verify(tokens.sign(target))).toEqual(target);
    expect(tokens.sign(target)).toBe(tokens.sign({ ...target }));
  });

  it('shows nothing of the kind, account or id, even decoded', () => {
    const token = tokens.sign(target);
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('.');
    expect(decoded).not.toContain('events');
    expect(decoded).not.toContain(':3:42');
    // Neighbouring ids share nothing a reader could count on.
    const next = tokens.sign({ ...target, id: 43 });
    expect(next.slice(0, 8)).not.toBe(token.slice(0, 8));
  });

  it('refuses a tampered, truncated or rearranged token', () => {
    const token = tokens.sign(target);
    const [iv, sealed] = token.split('.');
    const flip = (text = '') => `${text.slice(0, -2)}${text.slice(-2, -1) === 'A' ? 'B' : 'A'}${text.slice(-1)}`;
    expect(tokens.verify(`${iv}.${flip(sealed)}`)).toBeNull();
    expect(tokens.verify(`${flip(iv)}.${sealed}`)).toBeNull();
    expect(tokens.verify(`${iv}`)).toBeNull();
    expect(tokens.verify(`${iv}.${sealed}.x`)).toBeNull();
    expect(tokens.verify(`${iv}.${sealed?.slice(0, 10)}`)).toBeNull();
    const [otherIv] = tokens.sign({ ...target, id: 43 }).split('.');
    expect(tokens.verify(`${otherIv}.${sealed}`)).toBeNull();
  });

  it('refuses a token sealed with another secret, or garbage', () => {
    const other = createEmbedTokens('another-secret-entirely-different-from-the-first');
    expect(tokens.verify(other.sign(target))).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
    expect(tokens.verify('.')).toBeNull();
  });

  it('keeps the tokens it opened, bounded, each answer a copy; a tampered twin of a kept one is still refused', () => {
    const fresh = createEmbedTokens('a-test-secret-that-is-long-enough-for-hmac');
    const token = fresh.sign(target);
    const first = fresh.verify(token);
    expect(first).toEqual(target);
    // A caller changing its answer changes nothing for the next viewer.
    if (first) first.id = 7;
    expect(fresh.verify(token)).toEqual(target);
    const [iv, sealed = ''] = token.split('.');
    // The first character: every bit of it is data (the last one's low bits may be padding).
    expect(fresh.verify(`${iv}.${sealed.startsWith('A') ? 'B' : 'A'}${sealed.slice(1)}`)).toBeNull();
    // Past the bound the oldest go first, and open again when asked.
    for (let id = 1; id <= OPENED_TOKENS_KEPT + 5; id += 1) {
      expect(fresh.verify(fresh.sign({ kind: 'business-players', accountId: 9, id }))?.id).toBe(id);
    }
    expect(fresh.verify(token)).toEqual(target);
  });
});
