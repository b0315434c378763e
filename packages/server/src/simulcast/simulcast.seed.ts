import type { Db } from '../db/database.ts';
import { simulcasts, simulcastTargets } from '../db/simulcast.table.ts';

/**
 * The organiser's demo simulcast: two platforms (stopped) restreaming the demo live input, and a
 * cloud simulcast with one target.
 */
export async function seedSimulcastDemo(db: Db, accountId: number, inputId: number): Promise<void> {
  const [local] = await db
    .insert(simulcasts)
    .values({ name: 'Annual conference – restream', accountId, provider: 'local', inputId })
    .returning();
  const [cloud] = await db
    .insert(simulcasts)
    .values({ name: 'Keynote – cloud restream', accountId, provider: 'aws', inputId })
    .returning();
  if (!local || !cloud) throw new Error('Could not create the demo simulcasts');
  await db.insert(simulcastTargets).values([
    {
      simulcastId: local.id,
      accountId,
      name: 'YouTube',
      url: 'rtmps://a.rtmp.youtube.com/live2',
      streamKey: 'demo-youtube-key-7f3a',
    },
    {
      simulcastId: local.id,
      accountId,
      name: 'Twitch',
      url: 'rtmp://live.twitch.tv/app',
      streamKey: 'demo-twitch-key-91bc',
    },
    {
      simulcastId: cloud.id,
      accountId,
      name: 'Facebook Live',
      url: 'rtmps://live-api-s.facebook.com:443/rtmp',
      streamKey: 'demo-facebook-key-c4d2',
    },
  ]);
}
