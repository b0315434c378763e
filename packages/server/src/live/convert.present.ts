import type { Conversion } from '@regie/contract/live.convert';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type LiveConversionRow, liveConversions, liveInputs } from '../db/live.table.ts';
import { videos } from '../db/videos.table.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';

/** A conversion with the names it is shown with. */
export interface ConversionView {
  row: LiveConversionRow;
  inputName: string;
  videoTitle: string;
}

/** A conversion as the API answers it (contract live.convert.ts convertResponse). */
export function presentConversion(view: ConversionView, language: MessageLanguage): Conversion {
  const { row } = view;
  return {
    id: row.id,
    videoId: row.videoId,
    videoTitle: view.videoTitle,
    inputId: row.inputId,
    inputName: view.inputName,
    state: row.state,
    positionSeconds: Math.round(row.positionSeconds * 10) / 10,
    durationSeconds: row.durationSeconds,
    restarts: row.restarts,
    error: row.lastError ? localize(row.lastError, language) : null,
    errorMessage: row.lastError ?? null,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const viewColumns = { row: liveConversions, inputName: liveInputs.name, videoTitle: videos.title };

/** The conversion `id` with its names, null when it is gone. */
export async function conversionView(db: Db, id: number): Promise<ConversionView | null> {
  const [view] = await db
    .select(viewColumns)
    .from(liveConversions)
    .innerJoin(liveInputs, eq(liveInputs.id, liveConversions.inputId))
    .innerJoin(videos, eq(videos.id, liveConversions.videoId))
    .where(eq(liveConversions.id, id));
  return view ?? null;
}

/** The latest conversion into each of `inputIds` (one query), by input id. */
export async function latestConversionsOf(db: Db, inputIds: readonly number[]): Promise<Map<number, ConversionView>> {
  if (inputIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([liveConversions.inputId], viewColumns)
    .from(liveConversions)
    .innerJoin(liveInputs, eq(liveInputs.id, liveConversions.inputId))
    .innerJoin(videos, eq(videos.id, liveConversions.videoId))
    .where(inArray(liveConversions.inputId, [...inputIds]))
    .orderBy(liveConversions.inputId, desc(liveConversions.id));
  return new Map(rows.map((view) => [view.row.inputId, view]));
}
