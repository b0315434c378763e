import { LIVE_HEALTH_EVENT, LIVE_LIMITS, LIVE_TOPIC, type LiveInputState, liveHealth } from '@regie/contract/live';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { and, asc, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { liveInputs, liveSegments } from '../db/live.table.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { type IndexedSegment, mediaPlaylist } from './live.playlists.ts';

/**
 * The live and DVR playlists of the inputs being watched, from memory (issue 28): a crowd asks
 * for `live.m3u8` every segment, and each ask used to be two queries. Here an input's DVR window
 * is read once, then kept up to date by the hub: the node that indexes a segment publishes it
 * (`live.segment` on the account's LIVE_INDEX_TOPIC) and every process appends it; the health
 * every node pushes each second carries the input's state. The text is made once per change,
 * with a hole where each viewer's `?t=` token goes, so a request is a verify and a join.
 *
 * Missed events (the hub was cut off) drop everything (onResync); an input not heard of for
 * REFRESH_MS is read again in the background, and one nobody watched for IDLE_MS is forgotten.
 */

/** Hub topic (under the account) of the segments indexed: internal, not a client's topic. */
export const LIVE_INDEX_TOPIC = '/internal/live-index';
export const LIVE_SEGMENT_EVENT = 'live.segment';

/** An entry is read again from the database at most this often, in case an event was lost. */
const REFRESH_MS = 10_000;
/** Entries nobody asked for in this long are dropped. */
const IDLE_MS = 60_000;

const segmentEvent = z.object({
  inputId: z.number().int(),
  sequence: z.number().int(),
  startedAt: z.string(),
  duration: z.number(),
  discontinuity: z.boolean(),
  path: z.string(),
});

/** A segment of the index as the book keeps it: what the playlist lists, and where its file is. */
export interface BookedSegment extends IndexedSegment {
  /** Its storage key (the index row's path). */
  path: string;
}
export type SegmentEvent = z.infer<typeof segmentEvent>;

export type PlaylistName = 'live' | 'dvr';

/** The playlist text split where the token goes: `parts.join(token)` is the text. */
type Template = readonly string[];

interface Entry {
  accountId: number;
  inputId: number;
  state: LiveInputState;
  /** The DVR window, in sequence order. */
  segments: BookedSegment[];
  loadedAt: number;
  readAt: number;
  /** Made on demand, dropped on every change: `${name}:${ended}` → template. */
  texts: Map<string, Template>;
  reloading: boolean;
}

/** What the route needs: the input is the account's, its state, and the text for a token. */
export interface BookedPlaylist {
  state: LiveInputState;
  /** The storage key of a segment of the DVR window the book holds; null for another one. */
  pathOf(sequence: number): string | null;
  render(name: PlaylistName, ended: boolean, token: string): string;
  /**
   * After `render`: a check that stays true while that text is still the input's (false once a
   * segment, a state change or a reload made it another): the front cache's validity.
   */
  unchanged(name: PlaylistName, ended: boolean): () => boolean;
}

export interface LivePlaylistBook {
  /** The input's playlists, or null when the input is not the account's (or does not exist). */
  read(accountId: number, inputId: number): Promise<BookedPlaylist | null>;
  /** Called by the node that indexed a segment: applied here, and published to the others. */
  indexed(accountId: number, inputId: number, segment: BookedSegment): Promise<void>;
  close(): void;
}

/** A character no playlist holds: where the token goes in a template. */
const HOLE = '\u0000';

export function createLivePlaylistBook(
  db: Db,
  hub: RealtimeHub,
  options: { now?: () => number; onError?: (error: unknown) => void } = {},
): LivePlaylistBook {
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  const entries = new Map<number, Entry>();
  const loading = new Map<number, Promise<Entry | null>>();

  const load = async (inputId: number): Promise<Entry | null> => {
    const started = now();
    const [input] = await db
      .select({ accountId: liveInputs.accountId, state: liveInputs.state })
      .from(liveInputs)
      .where(eq(liveInputs.id, inputId))
      .limit(1);
    if (!input) {
      entries.delete(inputId);
      return null;
    }
    const since = new Date(started - LIVE_LIMITS.dvrWindowSeconds * 1000);
    const rows = await db
      .select({
        sequence: liveSegments.sequence,
        startedAt: liveSegments.startedAt,
        duration: liveSegments.duration,
        discontinuity: liveSegments.discontinuity,
        path: liveSegments.path,
      })
      .from(liveSegments)
      .where(and(eq(liveSegments.inputId, inputId), gte(liveSegments.startedAt, since)))
      .orderBy(asc(liveSegments.sequence));
    // Segments the hub brought while the rows were read are kept (the union, by sequence).
    const known = entries.get(inputId);
    const segments = known ? merge(rows, known.segments) : rows;
    const entry: Entry = {
      accountId: input.accountId,
      inputId,
      state: input.state,
      segments,
      loadedAt: started,
      readAt: known?.readAt ?? started,
      texts: new Map(),
      reloading: false,
    };
    entries.set(inputId, entry);
    return entry;
  };

  const loadOnce = (inputId: number): Promise<Entry | null> => {
    let pending = loading.get(inputId);
    if (!pending) {
      pending = load(inputId).finally(() => loading.delete(inputId));
      loading.set(inputId, pending);
    }
    return pending;
  };

  const apply = (accountId: number, inputId: number, segment: BookedSegment) => {
    const entry = entries.get(inputId);
    if (entry?.accountId !== accountId) return;
    const last = entry.segments.at(-1);
    if (!last || last.sequence < segment.sequence) entry.segments.push(segment);
    else if (!entry.segments.some((known) => known.sequence === segment.sequence)) {
      entry.segments = merge(entry.segments, [segment]);
    } else return;
    entry.texts.clear();
  };

  const stopSegments = hub.subscribe(`*${LIVE_INDEX_TOPIC}`, (topic, event) => {
    if (event.type !== LIVE_SEGMENT_EVENT) return;
    const parsed = segmentEvent.safeParse(event.payload);
    if (!parsed.success) return;
    const { inputId, ...segment } = parsed.data;
    apply(Number(topic.split('/', 1)[0]), inputId, { ...segment, startedAt: new Date(segment.startedAt) });
  });
  const stopHealth = hub.subscribe(`*${LIVE_TOPIC}`, (_topic, event) => {
    if (event.type !== LIVE_HEALTH_EVENT) return;
    const parsed = liveHealth.safeParse(event.payload);
    if (!parsed.success) return;
    const entry = entries.get(parsed.data.inputId);
    if (!entry || entry.state === parsed.data.state) return;
    entry.state = parsed.data.state;
    entry.texts.clear();
  });
  const stopResync = hub.onResync(() => entries.clear());
  const sweep = setInterval(() => {
    const idleSince = now() - IDLE_MS;
    for (const [inputId, entry] of entries) if (entry.readAt < idleSince) entries.delete(inputId);
  }, IDLE_MS);
  sweep.unref();

  const windowed = (entry: Entry, at: number) => {
    const since = at - LIVE_LIMITS.dvrWindowSeconds * 1000;
    let dropped = 0;
    while (dropped < entry.segments.length && (entry.segments[dropped]?.startedAt.getTime() ?? 0) < since) dropped += 1;
    if (dropped > 0) {
      entry.segments = entry.segments.slice(dropped);
      entry.texts.clear();
    }
  };

  const booked = (entry: Entry): BookedPlaylist => ({
    state: entry.state,
    pathOf: (sequence) => found(entry.segments, sequence)?.path ?? null,
    render(name, ended, token) {
      windowed(entry, now());
      const key = `${name}:${ended}`;
      let template = entry.texts.get(key);
      if (!template) {
        const shown = name === 'live' ? entry.segments.slice(-LIVE_LIMITS.liveSegments) : entry.segments;
        template = mediaPlaylist(shown, {
          uri: (sequence) => `${sequence}.ts?${MEDIA_TOKEN_PARAM}=${HOLE}`,
          ended,
        }).split(HOLE);
        entry.texts.set(key, template);
      }
      return template.join(token);
    },
    unchanged(name, ended) {
      const key = `${name}:${ended}`;
      const template = entry.texts.get(key);
      return () => template !== undefined && entry.texts.get(key) === template && entries.get(entry.inputId) === entry;
    },
  });

  return {
    async read(accountId, inputId) {
      let entry = entries.get(inputId) ?? null;
      if (!entry) entry = await loadOnce(inputId);
      else if (now() - entry.loadedAt > REFRESH_MS && !entry.reloading) {
        // Served as it is; read again beside it, in case an event was lost.
        entry.reloading = true;
        const stale = entry;
        loadOnce(inputId)
          .catch(onError)
          .finally(() => {
            stale.reloading = false;
          });
      }
      if (!entry || entry.accountId !== accountId) return null;
      entry.readAt = now();
      return booked(entry);
    },
    async indexed(accountId, inputId, segment) {
      apply(accountId, inputId, segment);
      const payload: SegmentEvent = {
        inputId,
        sequence: segment.sequence,
        startedAt: segment.startedAt.toISOString(),
        duration: segment.duration,
        discontinuity: segment.discontinuity,
        path: segment.path,
      };
      await hub.publish(accountTopic(accountId, LIVE_INDEX_TOPIC), { type: LIVE_SEGMENT_EVENT, payload });
    },
    close() {
      stopSegments();
      stopHealth();
      stopResync();
      clearInterval(sweep);
      entries.clear();
    },
  };
}

/** The segment of that sequence among the segments (in sequence order): a binary search. */
function found(segments: readonly BookedSegment[], sequence: number): BookedSegment | null {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const segment = segments[middle];
    if (!segment) return null;
    if (segment.sequence === sequence) return segment;
    if (segment.sequence < sequence) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** Two runs of segments in sequence order, as one (a sequence in both is kept once). */
function merge(first: readonly BookedSegment[], second: readonly BookedSegment[]): BookedSegment[] {
  const bySequence = new Map<number, BookedSegment>();
  for (const segment of first) bySequence.set(segment.sequence, segment);
  for (const segment of second) if (!bySequence.has(segment.sequence)) bySequence.set(segment.sequence, segment);
  return [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
}
