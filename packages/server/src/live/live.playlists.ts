/** Pure HLS text builders and readers of the live index (unit-tested in live.playlists.test.ts). */

export interface IndexedSegment {
  sequence: number;
  startedAt: Date;
  duration: number;
  discontinuity: boolean;
}

export interface PlaylistOptions {
  /** The URI of a segment (signed). */
  uri: (sequence: number) => string;
  /** No publisher any more: the playlist is complete. */
  ended: boolean;
  /** Playlist tags dated on the program's clock (ad breaks' EXT-X-DATERANGE), each written where its time falls. */
  dated?: readonly DatedTag[];
}

/** A tag that belongs at a wall-clock time: written before the first segment that ends after it (else at the end). */
export interface DatedTag {
  at: Date;
  text: string;
}

/**
 * A media playlist over segments of the index, in sequence order: the live edge (last N) and the
 * DVR window are the same text over different rows. Each segment carries its wall-clock time; a
 * new packager run is marked with EXT-X-DISCONTINUITY (its timestamps start again).
 */
export function mediaPlaylist(segments: readonly IndexedSegment[], options: PlaylistOptions): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil(segment.duration)));
  const first = segments[0];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  const pending = [...(options.dated ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
  segments.forEach((segment, index) => {
    const ends = segment.startedAt.getTime() + segment.duration * 1000;
    while (pending[0] && pending[0].at.getTime() < ends) lines.push(pending.shift()?.text ?? '');
    if (index > 0 && segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.startedAt.toISOString()}`);
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`);
    lines.push(options.uri(segment.sequence));
  });
  for (const tag of pending) lines.push(tag.text);
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

export interface PackagedSegment {
  sequence: number;
  file: string;
  duration: number;
  /** From EXT-X-PROGRAM-DATE-TIME; null when the packager wrote none. */
  startedAt: Date | null;
}

/** ffmpeg writes `+0000`; Date wants `+00:00`. */
function parseDate(text: string): Date | null {
  const time = Date.parse(text.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The finished segments the packager's own playlist lists (`{sequence}.ts`): ffmpeg adds a
 * segment to it once the segment is complete, so what it lists is safe to index.
 */
export function packagedSegments(playlist: string): PackagedSegment[] {
  const found: PackagedSegment[] = [];
  let duration: number | null = null;
  let startedAt: Date | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      startedAt = parseDate(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    } else if (line !== '' && !line.startsWith('#')) {
      const match = /(?:^|\/)(\d+)\.ts$/.exec(line);
      if (match?.[1] && duration !== null && Number.isFinite(duration)) {
        found.push({ sequence: Number(match[1]), file: line, duration, startedAt });
      }
      duration = null;
      startedAt = null;
    }
  }
  return found;
}
