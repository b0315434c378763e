import { DOWNLOAD_MODULE } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { videoDownloads } from '../db/plays.table.ts';
import type { VideoRow } from '../db/videos.table.ts';

/**
 * DOWNLOAD (contract videos.ts DOWNLOAD_FILE): whether a video's fans may download its MP4 now
 * (the account holds the module and the video says so), and each download begun, for the stats.
 */

/** True when the account holds DOWNLOAD and the video is downloadable. */
export async function downloadWanted(db: Db, video: Pick<VideoRow, 'accountId' | 'downloadable'>): Promise<boolean> {
  if (!video.downloadable) return false;
  const [account] = await db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, video.accountId))
    .limit(1);
  return account?.modules.includes(DOWNLOAD_MODULE) ?? false;
}

/** True when the video's MP4 may be served now: wanted, and made. */
export async function downloadOpen(db: Db, video: Pick<VideoRow, 'accountId' | 'downloadable' | 'downloadKey'>) {
  return video.downloadKey !== null && (await downloadWanted(db, video));
}

/**
 * A download begun: its first bytes asked for (a request without Range, or from byte 0). A
 * player's or a download manager's later ranges are the same download.
 */
export function downloadBegins(range: string | undefined): boolean {
  return range === undefined || /^bytes=0-/.test(range.trim());
}

export async function recordDownload(db: Db, video: Pick<VideoRow, 'id' | 'accountId'>): Promise<void> {
  await db.insert(videoDownloads).values({ accountId: video.accountId, videoId: video.id });
}

/** The file name a fan's browser saves: the video's title, made safe, as an MP4. */
export function downloadFileName(title: string): string {
  const name = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _.-]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 100);
  return `${name || 'video'}.mp4`;
}
