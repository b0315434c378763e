import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { CHAT_VIEWER_TOKEN } from '@regie/contract/chat';
import type { EmbedTarget } from '../embed/embed.tokens.ts';

/** A fan of a page's chat as its verified token names them. */
export interface ChatViewer {
  viewerId: string;
  issuedAtMs: number;
}

export interface ChatViewerTokens {
  /** A new viewer (a random id) of the page's chat, signed with the time it was issued. */
  issue(target: EmbedTarget, nowMs?: number): { token: string; viewer: ChatViewer; expiresAt: Date };
  /** The viewer of a token this server signed for this page, still within its life; else null. */
  verify(token: string, target: EmbedTarget, nowMs?: number): ChatViewer | null;
}

/** A token issued this far ahead of this process's clock (another process's clock) still counts. */
const CLOCK_SKEW_MS = 60_000;
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Viewer tokens of the fans' chat (contract chat.ts): `{viewerId}.{issued, s since 1970}.{signature}`,
 * the signature an HMAC-SHA256 of the page (kind, account, id), the viewer id and the issue time,
 * under a key derived from the media secret for this purpose alone (as the embed tokens derive
 * theirs), so every process of a deployment verifies what another issued, a token of one page
 * opens no other page's chat, and a changed byte fails. The id is readable: it is no secret, only
 * its signature is. Valid CHAT_VIEWER_TOKEN.maxAgeMs from its issue.
 */
export function createChatViewerTokens(
  secret: string | Buffer,
  maxAgeMs: number = CHAT_VIEWER_TOKEN.maxAgeMs,
): ChatViewerTokens {
  const key = createHmac('sha256', secret).update('chat:viewer').digest();
  const signature = (target: EmbedTarget, viewerId: string, issued: number) =>
    createHmac('sha256', key)
      .update(`${target.kind}:${target.accountId}:${target.id}:${viewerId}:${issued}`)
      .digest('base64url');
  return {
    issue(target, nowMs = Date.now()) {
      const viewerId = randomUUID();
      const issued = Math.floor(nowMs / 1000);
      return {
        token: `${viewerId}.${issued}.${signature(target, viewerId, issued)}`,
        viewer: { viewerId, issuedAtMs: issued * 1000 },
        expiresAt: new Date(issued * 1000 + maxAgeMs),
      };
    },
    verify(token, target, nowMs = Date.now()) {
      const match = TOKEN.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const issued = Number(match[2]);
      const issuedAtMs = issued * 1000;
      if (issuedAtMs > nowMs + CLOCK_SKEW_MS || nowMs - issuedAtMs >= maxAgeMs) return null;
      const expected = Buffer.from(signature(target, match[1], issued));
      const given = Buffer.from(match[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { viewerId: match[1], issuedAtMs };
    },
  };
}
