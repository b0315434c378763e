import type { Message } from '@regie/contract/messages';
import type { ShareTarget } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import type { AuditSource } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/users.table.ts';
import { videoPendingShares } from '../db/videos.table.ts';
import { type SharedVideo, tryShareVideo } from './share.publications.ts';

/**
 * Shares asked for before the video plays (the -dailymotion end of a live asks for its replay's):
 * kept in video_pending_shares until the encode job makes the video ready, which then publishes
 * them (releasePendingShares) in the transaction that marks it ready: each is published once,
 * never lost.
 */
export async function sharePendingVideo(
  db: Db,
  share: { videoId: number; target: ShareTarget; userId: number },
): Promise<void> {
  await db.insert(videoPendingShares).values(share).onConflictDoNothing();
}

/** The asking user, as the audit trail records a share made later on their behalf (no request). */
function auditOf(user: { id: number; name: string; accountId: number }): AuditSource {
  return {
    userId: user.id,
    userName: user.name,
    actingAdminId: null,
    byPlatformAdmin: false,
    ownAccountId: user.accountId,
    requestId: null,
    ip: null,
    userAgent: null,
  };
}

/**
 * Publishes every share waiting for the now ready video through its user's link (a publication
 * each), and forgets them. A share its user can no longer make (the link removed, a platform's
 * limit) is dropped: its reasons are answered.
 */
export async function releasePendingShares(
  db: Db,
  video: SharedVideo,
): Promise<{ published: number; refused: { target: ShareTarget; reasons: Message[] }[] }> {
  const waiting = await db.delete(videoPendingShares).where(eq(videoPendingShares.videoId, video.id)).returning();
  const released = { published: 0, refused: [] as { target: ShareTarget; reasons: Message[] }[] };
  if (waiting.length === 0) return released;
  const [account] = await db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, video.accountId));
  for (const share of waiting) {
    const [user] = await db
      .select({ id: users.id, name: users.name, accountId: users.accountId })
      .from(users)
      .where(eq(users.id, share.userId));
    if (!user) continue;
    const outcome = await tryShareVideo(db, {
      userId: user.id,
      modules: account?.modules ?? [],
      video,
      target: share.target,
      audit: auditOf(user),
      requestId: null,
    });
    if (outcome.publication) released.published += 1;
    else released.refused.push({ target: share.target, reasons: outcome.reasons });
  }
  return released;
}
