import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { type EmbedKind, isEmbedKind } from '@regie/contract/embed';

/** What an embed token names: whose content, of which kind, which one. */
export interface EmbedTarget {
  kind: EmbedKind;
  accountId: number;
  id: number;
}

export interface EmbedTokens {
  sign(target: EmbedTarget): string;
  /** The target of a token this server sealed, else null (tampered, truncated, foreign). */
  verify(token: string): EmbedTarget | null;
}

const IV_LENGTH = 12;
/**
 * Tokens already opened, kept: every viewer of a page sends the same token with each call (the
 * page's data, its chat, its playlists) and opening one (AES-GCM and an HMAC) was the costliest
 * part of an embed read (bench:fans). A token always opens to the same target (nothing in it
 * expires; unpublishing is checked on each call), so the result is kept as is. Only valid tokens
 * are kept, at most this many, the oldest dropped first: made-up tokens cannot fill it.
 */
export const OPENED_TOKENS_KEPT = 10_000;
const TAG_LENGTH = 16;
const PAYLOAD = /^([a-z-]{1,40}):([1-9][0-9]{0,9}):([1-9][0-9]{0,9})$/;

/** A key of its own for each purpose, derived from the media secret. */
function derive(secret: string | Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`embed:${purpose}`).digest();
}

/**
 * Embed tokens `{iv}.{sealed}` (base64url): the payload kind:account:id sealed with AES-256-GCM
 * under a key derived from the media secret (src/videos/media-secret.ts), so the address shows
 * neither the account nor the id, and a changed byte fails the GCM tag. The IV is synthetic (an
 * HMAC of the payload under a second derived key, as in SIV): the same content always gets the
 * same address, so a snippet copied twice is the same snippet, and no IV is ever reused for two
 * payloads. Tokens do not expire: a snippet pasted in a site keeps working; unpublishing the
 * content is how a player is withdrawn.
 */
export function createEmbedTokens(secret: string | Buffer): EmbedTokens {
  const sealKey = derive(secret, 'seal');
  const ivKey = derive(secret, 'iv');
  const ivOf = (payload: string) => createHmac('sha256', ivKey).update(payload).digest().subarray(0, IV_LENGTH);
  const opened = new Map<string, EmbedTarget>();
  const open = (token: string): EmbedTarget | null => {
    const [ivText, sealedText, extra] = token.split('.');
    if (!ivText || !sealedText || extra !== undefined) return null;
    const iv = Buffer.from(ivText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (iv.length !== IV_LENGTH || sealed.length <= TAG_LENGTH) return null;
    const payload = unseal(sealKey, iv, sealed);
    // The IV must be the payload's own: a sealed payload moved under another IV is refused.
    if (payload === null || !timingSafeEqual(ivOf(payload), iv)) return null;
    const match = PAYLOAD.exec(payload);
    if (!match?.[1] || !match[2] || !match[3] || !isEmbedKind(match[1])) return null;
    return { kind: match[1], accountId: Number(match[2]), id: Number(match[3]) };
  };
  return {
    sign({ kind, accountId, id }) {
      const payload = `${kind}:${accountId}:${id}`;
      const iv = ivOf(payload);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    verify(token) {
      const known = opened.get(token);
      if (known) return { ...known };
      const target = open(token);
      if (!target) return null;
      if (opened.size >= OPENED_TOKENS_KEPT) opened.delete(opened.keys().next().value as string);
      opened.set(token, target);
      return { ...target };
    },
  };
}

function unseal(key: Buffer, iv: Buffer, sealed: Buffer): string | null {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
