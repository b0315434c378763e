import { LIVE_LIMITS, LIVE_MEDIA_PATH } from '@regie/contract/live';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { adBreaksInWindow } from '../ads/ad-breaks.playlist.ts';
import { adBreaksAround } from '../ads/ad-breaks.service.ts';
import type { Db } from '../db/database.ts';
import { mediaPlaylist } from './live.playlists.ts';
import type { LiveTokens } from './live.tokens.ts';
import { type ContentRef, programIndexBefore, programSegments } from './program.ts';

export type ProgramPlaylistName = 'live' | 'dvr';

/** Where a player reads a content's program playlist (signed), relative to the public URL. */
export function programPlaylistPath(accountId: number, content: ContentRef, name: ProgramPlaylistName, token: string) {
  return `${LIVE_MEDIA_PATH}/${accountId}/program/${content.kind}/${content.id}/${name}.m3u8?${MEDIA_TOKEN_PARAM}=${token}`;
}

/**
 * The program's playlist: the DVR window (LIVE_LIMITS.dvrWindowSeconds) or its live edge (the
 * last LIVE_LIMITS.liveSegments), across cameras, with a discontinuity at each switch and a
 * media sequence counted over the whole program (stable as the window slides). Each segment is
 * served by its input's own route, signed for that input. An event's ad breaks (ADVERTISING) are
 * written in as EXT-X-DATERANGE with their SCTE-35 OUT and IN (ads/ad-breaks.playlist.ts).
 */
export async function programPlaylist(
  db: Db,
  tokens: LiveTokens,
  program: {
    accountId: number;
    content: ContentRef;
    name: ProgramPlaylistName;
    ended: boolean;
    nowMs?: number;
    /** A viewer's country (geo blocking): each segment's token is bound to it too. */
    scope?: string | undefined;
  },
): Promise<string> {
  const now = program.nowMs ?? Date.now();
  const since = new Date(now - LIVE_LIMITS.dvrWindowSeconds * 1000);
  const window = await programSegments(db, program.content, { from: since });
  const shown = program.name === 'live' ? window.slice(-LIVE_LIMITS.liveSegments) : window;
  const first = shown[0];
  const dated =
    program.content.kind === 'events' && first
      ? adBreaksInWindow(
          await adBreaksAround(db, program.content.id, first.startedAt, new Date(now)),
          first.startedAt,
          new Date(now),
        )
      : [];
  const base = first ? await programIndexBefore(db, program.content, first.startedAt) : 0;
  const signed = new Map<number, string>();
  const tokenOf = (inputId: number) => {
    let token = signed.get(inputId);
    if (!token) {
      token = tokens.sign(program.accountId, inputId, now, program.scope);
      signed.set(inputId, token);
    }
    return token;
  };
  return mediaPlaylist(
    shown.map((segment, index) => ({
      sequence: base + index,
      startedAt: segment.startedAt,
      duration: segment.duration,
      discontinuity: segment.discontinuity || segment.switched,
    })),
    {
      uri: (sequence) => {
        const segment = shown[sequence - base];
        if (!segment) return '';
        const token = tokenOf(segment.inputId);
        return `../../../${segment.inputId}/${segment.sequence}.ts?${MEDIA_TOKEN_PARAM}=${token}`;
      },
      ended: program.ended,
      dated,
    },
  );
}
