import type { VideoClipInfo } from '@regie/contract/clips.schemas';
import type { VideoRow } from '../db/videos.table.ts';

/** Where a clip video was cut from (added to every presented video as `clip`); null for other videos. */
export function clipOf(video: VideoRow): VideoClipInfo {
  if (typeof video.clipInSeconds !== 'number' || typeof video.clipOutSeconds !== 'number') return null;
  return {
    sourceVideoId: video.sourceVideoId ?? null,
    inSeconds: video.clipInSeconds,
    outSeconds: video.clipOutSeconds,
    clipSkinId: video.clipSkinId ?? null,
    clipTemplateId: video.clipTemplateId ?? null,
    markerId: video.clipMarkerId ?? null,
    eventId: video.clipEventId ?? null,
  };
}
