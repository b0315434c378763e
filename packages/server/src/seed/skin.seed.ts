import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WATERMARK_DEFAULTS } from '@regie/contract/watermark';
import type { StoredWatermark } from '@regie/contract/watermark.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { clipSkins } from '../db/clip-skins.table.ts';
import type { Db } from '../db/database.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { FFMPEG_COMMON_ARGS, MEDIA_BINARIES, runProcess } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';

/** The club's skin the demo's goal clips are dressed in (seeded in sport-data.seed.ts, without images). */
export const DEMO_SKIN_NAME = 'Matchday overlay';

/** The club's colours (its "Cup nights" theme): navy, and gold (245, 183, 0) for the ring. */
const NAVY = { r: 16, g: 24, b: 64 };

/** Distance to the crest's centre, as a share of its radius (a geq expression). */
const RADIUS = 'hypot(X-120,Y-120)/120';
const BAND = 'lt(abs(Y-120),16)';

/** A 240 px round crest on a transparent ground: a gold ring, a navy disc crossed by a white band. */
const crestArgs = (output: string) => [
  ...FFMPEG_COMMON_ARGS,
  '-f',
  'lavfi',
  '-i',
  [
    'color=c=black@0:s=240x240,format=rgba,geq=',
    `r='if(lt(${RADIUS},0.8),if(${BAND},255,${NAVY.r}),245)':`,
    `g='if(lt(${RADIUS},0.8),if(${BAND},255,${NAVY.g}),183)':`,
    `b='if(lt(${RADIUS},0.8),if(${BAND},255,${NAVY.b}),0)':`,
    `a='if(lt(${RADIUS},0.97),255,0)'`,
  ].join(''),
  ...['-frames:v', '1', output],
];

/**
 * Dresses the club's matchday skin with its crest (made with ffmpeg, stored as an editor's upload
 * would be), in a corner of every goal clip and inside the platforms' safe area of their 9:16. No
 * intro or outro cards: they would lengthen every demo clip's encodes while a newcomer's first
 * upload waits behind them. Without ffmpeg the skin stays bare.
 */
export async function dressDemoSkin(
  db: Db,
  storage: ObjectStorage,
  accountId: number,
  work: string,
  log: JobLogger,
): Promise<void> {
  const crest = join(work, 'crest.png');
  try {
    await runProcess(MEDIA_BINARIES.ffmpeg, crestArgs(crest));
  } catch (error) {
    log.warn({ err: error }, 'demo skin crest not made: the matchday skin stays without images');
    return;
  }
  const key = `${accountId}/skin/demo-matchday-crest.png`;
  const { size } = await stat(crest);
  await storage.putStream(key, createReadStream(crest), 'image/png', { size });
  await db
    .update(clipSkins)
    .set({ overlayKey: key })
    .where(and(eq(clipSkins.accountId, accountId), eq(clipSkins.name, DEMO_SKIN_NAME)));
  await watermarkDemoClub(db, storage, accountId, crest);
}

/**
 * The crest as the club's watermark (issue 47.4), stored where an upload of it would be (its key
 * named by its content's hash), discreet in the top right corner of every video encoded after.
 */
async function watermarkDemoClub(db: Db, storage: ObjectStorage, accountId: number, crest: string): Promise<void> {
  const bytes = await readFile(crest);
  const key = `${accountId}/logo/${createHash('sha256').update(bytes).digest('hex')}.png`;
  await storage.putStream(key, createReadStream(crest), 'image/png', { size: bytes.length });
  const watermark: StoredWatermark = { ...WATERMARK_DEFAULTS, logoKey: key, opacity: 0.7, version: 1 };
  await db
    .update(accounts)
    .set({ config: sql`${accounts.config} || ${JSON.stringify({ watermark })}::jsonb` })
    .where(eq(accounts.id, accountId));
}
