import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { clipSkins } from '../db/clip-skins.table.ts';
import type { Db } from '../db/database.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { FFMPEG_COMMON_ARGS, MEDIA_BINARIES, runProcess } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';

/** The club's skin the demo's goal clips are dressed in (seeded in sport-data.seed.ts, without images). */
export const DEMO_SKIN_NAME = 'Matchday overlay';

/** The club's colours (its "Cup nights" theme): navy and gold. */
const NAVY = { r: 16, g: 24, b: 64 };
const GOLD = '0xF5B700';

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

/** The intro card: a navy gradient, the crest in the middle, a gold stripe. */
const introArgs = (crest: string, output: string) => [
  ...FFMPEG_COMMON_ARGS,
  ...['-f', 'lavfi', '-i', "color=s=1280x720,format=rgb24,geq=r='16+20*Y/720':g='24+30*Y/720':b='64+60*Y/720'"],
  ...['-i', crest],
  '-filter_complex',
  `[1]scale=360:360[crest];[0][crest]overlay=x=(W-w)/2:y=(H-h)/2,drawbox=x=0:y=600:w=1280:h=24:color=${GOLD}:t=fill`,
  ...['-frames:v', '1', output],
];

/** The outro card: gold, the crest in the middle, a navy stripe. */
const outroArgs = (crest: string, output: string) => [
  ...FFMPEG_COMMON_ARGS,
  ...['-f', 'lavfi', '-i', `color=c=${GOLD}:s=1280x720`],
  ...['-i', crest],
  '-filter_complex',
  '[1]scale=320:320[crest];[0][crest]overlay=x=(W-w)/2:y=(H-h)/2,drawbox=x=0:y=96:w=1280:h=24:color=0x101840:t=fill',
  ...['-frames:v', '1', output],
];

/**
 * Dresses the club's matchday skin: its crest in a corner of every goal clip, an intro and an
 * outro card (made with ffmpeg, stored as an editor's uploads would be), so the demo's clips and
 * their 9:16 versions show a skin laid out for each shape. Without ffmpeg the skin stays bare.
 */
export async function dressDemoSkin(
  db: Db,
  storage: ObjectStorage,
  accountId: number,
  work: string,
  log: JobLogger,
): Promise<void> {
  const files = { crest: join(work, 'crest.png'), intro: join(work, 'intro.png'), outro: join(work, 'outro.png') };
  try {
    await runProcess(MEDIA_BINARIES.ffmpeg, crestArgs(files.crest));
    await runProcess(MEDIA_BINARIES.ffmpeg, introArgs(files.crest, files.intro));
    await runProcess(MEDIA_BINARIES.ffmpeg, outroArgs(files.crest, files.outro));
  } catch (error) {
    log.warn({ err: error }, 'demo skin images not made: the matchday skin stays without images');
    return;
  }
  const keys = {
    crest: `${accountId}/skin/demo-matchday-crest.png`,
    intro: `${accountId}/skin/demo-matchday-intro.png`,
    outro: `${accountId}/skin/demo-matchday-outro.png`,
  };
  for (const name of ['crest', 'intro', 'outro'] as const) {
    const { size } = await stat(files[name]);
    await storage.putStream(keys[name], createReadStream(files[name]), 'image/png', { size });
  }
  await db
    .update(clipSkins)
    .set({ overlayKey: keys.crest, preRollKey: keys.intro, postRollKey: keys.outro })
    .where(and(eq(clipSkins.accountId, accountId), eq(clipSkins.name, DEMO_SKIN_NAME)));
}
