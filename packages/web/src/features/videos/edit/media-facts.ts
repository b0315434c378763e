import { technicalMetadata } from '@regie/contract/resources/videos';
import type { Translate } from '../../../i18n/use-t.ts';
import type { ResourceRecord } from '../../../resources/any-resource.ts';
import type { ResourceLabels } from '../../../resources/resource-labels.ts';
import { formatClock } from '../../../widgets/player/time-format.ts';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The facts shown about a video's file, as label and value: length, picture, codecs, file. */
export function mediaFacts(record: ResourceRecord, labels: ResourceLabels, t: Translate): [string, string][] {
  // What ffprobe found in the original; null until probed.
  const parsed = technicalMetadata.safeParse(record.metadata);
  const metadata = parsed.success ? parsed.data : null;
  const facts: [string, string][] = [];
  if (typeof record.duration === 'number') facts.push([labels.field('duration'), formatClock(record.duration)]);
  if (metadata) {
    facts.push([t('videos.edit.resolution'), `${metadata.width} × ${metadata.height}`]);
    facts.push([t('videos.edit.codecs'), [metadata.videoCodec, metadata.audioCodec].filter(Boolean).join(' / ')]);
    if (metadata.fps) facts.push([t('videos.edit.fps'), String(Math.round(metadata.fps * 100) / 100)]);
    if (metadata.bitrate) facts.push([t('videos.edit.bitrate'), `${Math.round(metadata.bitrate / 1000)} kb/s`]);
    // ffprobe names every format of a family ('mov,mp4,m4a,3gp,3g2,mj2'): the first says enough.
    facts.push([t('videos.edit.container'), metadata.formatName.split(',')[0] ?? metadata.formatName]);
  }
  if (typeof record.filename === 'string') facts.push([labels.field('filename'), record.filename]);
  if (typeof record.size === 'number') facts.push([t('videos.edit.fileSize'), megabytes(record.size)]);
  return facts;
}
