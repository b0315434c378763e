import { CAPTION_PLACEHOLDERS, type CaptionPlaceholder } from '@regie/contract/clip-rules';
import { and, count, eq, isNotNull, lt, lte, or } from 'drizzle-orm';
import { minuteOf } from '../clips/clip-title.ts';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { type events, markers } from '../db/events.table.ts';

/**
 * The caption a clip rule writes for its clip (issue 41 point 3): its template's words
 * (CAPTION_PLACEHOLDERS) filled in from the clip's marker and event. `{home} {score} {away} –
 * {player} {minute}'` → `Riverside 2–1 Harbour City – L. Bernardi 67'`.
 */

type CaptionValues = Partial<Record<CaptionPlaceholder, string>>;
const PLACEHOLDER = new RegExp(`\\{(${CAPTION_PLACEHOLDERS.join('|')})\\}`, 'g');

/**
 * The template with its words filled in. A word without a value is left out with what hangs on
 * it (the apostrophe after `{minute}`), and the spaces and dashes it leaves are tidied: a caption
 * never shows `{player}` nor a double space.
 */
export function fillCaption(template: string, values: CaptionValues): string {
  const filled = template.replace(PLACEHOLDER, (_, name: CaptionPlaceholder) => values[name] ?? '\uE000');
  return filled
    .split('\n')
    .map((line) =>
      line
        .replace(/\uE000['’]?/g, '')
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/\s+([–—-])\s*$/u, '')
        .replace(/^\s*([–—-])\s+/u, '')
        .trim(),
    )
    .join('\n')
    .trim();
}

/** A feed's label names its player after its type ("Goal: Luca Bernardi (pen.)"); a hand-made one is the player. */
export function playerOf(label: string, typeName: string | null): string | undefined {
  const text = label.trim();
  if (text === '') return undefined;
  const named = /^[^:]+:\s*(.+)$/u.exec(text);
  const player = (named ? (named[1] ?? '') : text).replace(/\s*\([^)]*\)\s*$/u, '').trim();
  if (player === '' || (typeName && player.toLocaleLowerCase() === typeName.toLocaleLowerCase())) return undefined;
  return player;
}

type MarkerRow = typeof markers.$inferSelect;
type EventRow = typeof events.$inferSelect;

async function challengerName(db: Db, id: number | null): Promise<string | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select({ name: challengers.name }).from(challengers).where(eq(challengers.id, id)).limit(1);
  return row?.name;
}

/**
 * The score once this marker's goal is in: the markers of its type for each side up to it (a
 * feed's goals know their side), `2–1`; unknown for a marker without a side (made by hand).
 */
async function scoreAt(db: Db, marker: MarkerRow): Promise<string | undefined> {
  if (marker.teamSide === null || marker.markerTypeId === null) return undefined;
  const rows = await db
    .select({ side: markers.teamSide, goals: count() })
    .from(markers)
    .where(
      and(
        eq(markers.eventId, marker.eventId),
        eq(markers.markerTypeId, marker.markerTypeId),
        isNotNull(markers.teamSide),
        or(
          lt(markers.timeSeconds, marker.timeSeconds),
          and(eq(markers.timeSeconds, marker.timeSeconds), lte(markers.id, marker.id)),
        ),
      ),
    )
    .groupBy(markers.teamSide);
  const of = (side: string) => rows.find((row) => row.side === side)?.goals ?? 0;
  return `${of('home')}–${of('away')}`;
}

/** What the template's words are for this marker of this event. */
export async function captionValues(
  db: Db,
  marker: MarkerRow,
  event: EventRow,
  typeName: string | null,
): Promise<CaptionValues> {
  const minute = minuteOf({ eventName: event.name, periods: event.periods, marker, typeName });
  const values: CaptionValues = {
    home: await challengerName(db, event.homeChallengerId),
    away: await challengerName(db, event.awayChallengerId),
    score: await scoreAt(db, marker),
    player: marker.personName ?? playerOf(marker.label, typeName),
    minute: minute?.replace(/['’]$/u, ''),
    event: event.name,
    type: typeName ?? undefined,
    label: marker.label.trim() || undefined,
  };
  return values;
}
