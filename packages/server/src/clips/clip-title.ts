import { matchMinuteAt, matchMinuteLabel, type PeriodStart } from '@regie/contract/match-clock';
import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';

type MarkerRow = typeof markers.$inferSelect;

/** 1234.5 → "20:34". */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** What a marker's clip is named from: the marker, its type's name, the event's name and periods. */
export interface MarkerTitleSource {
  eventName: string;
  /** The event's kick-offs in its video (the match clock), empty when none is set. */
  periods: readonly PeriodStart[] | null;
  marker: Pick<MarkerRow, 'label' | 'timeSeconds' | 'period' | 'periodSeconds'>;
  typeName: string | null;
}

/**
 * The match minute of a marker: an imported match event's own (its period and seconds into it),
 * else its place in the video against the event's kick-offs; null when neither is known.
 */
export function minuteOf({ marker, periods }: MarkerTitleSource): string | null {
  if (marker.period !== null && marker.periodSeconds !== null) {
    return matchMinuteLabel(marker.period, marker.periodSeconds);
  }
  return matchMinuteAt(periods, marker.timeSeconds);
}

/**
 * A marker's clip title, as a person names the moment: its type, its label (a player, or a feed's
 * "Goal: Luca Bernardi", which names its type already) and the match minute where known:
 * "Goal – J. Miles 63'". A type alone without a minute takes its time in the video ("Goal – 3:58"),
 * so that two goals differ; a marker with neither type nor label is the event's moment ("Derby –
 * 63'", "Derby – 3:58"). Cut to a video title's length.
 */
export function markerClipTitle(source: MarkerTitleSource): string {
  const label = source.marker.label.trim();
  const type = source.typeName?.trim() ?? '';
  const minute = minuteOf(source);
  const namesType = type !== '' && label.toLocaleLowerCase().startsWith(type.toLocaleLowerCase());
  const subject = [namesType ? '' : type, label].filter((part) => part !== '').join(' – ');
  const when = minute ?? clockTime(source.marker.timeSeconds);
  const title =
    subject === ''
      ? `${source.eventName} – ${when}`
      : minute !== null
        ? `${subject} ${minute}`
        : label === ''
          ? `${subject} – ${when}`
          : subject;
  return title.length > VIDEO_TITLE_MAX ? `${title.slice(0, VIDEO_TITLE_MAX - 1).trimEnd()}…` : title;
}

/** The name of a marker's type, or null (no type, or a type gone). */
export async function markerTypeName(db: Db, markerTypeId: number | null): Promise<string | null> {
  if (markerTypeId === null) return null;
  const [row] = await db
    .select({ name: markerTypes.name })
    .from(markerTypes)
    .where(eq(markerTypes.id, markerTypeId))
    .limit(1);
  return row?.name ?? null;
}
