import { and, eq } from 'drizzle-orm';
import { clipSkins } from '../db/clip-skins.table.ts';
import { clipTemplates } from '../db/clip-templates.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { DEMO_MATCH_NAME } from './events.seed.ts';
import { french, one } from './seed.rows.ts';
import { DEMO_SKIN_NAME } from './skin.seed.ts';

/** An id of the account's rows named so (seeded just before), or a clear error. */
async function idOf(db: Db, table: typeof clipSkins | typeof markerTypes, accountId: number, name: string) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.name, name)))
    .limit(1);
  return one(rows, name).id;
}

/**
 * The demo clipping data: a default clip template for each account with stream clipping (the
 * club and the organiser), and one replayed match of the club with two markers (events.seed.ts
 * gives it its league round, sides and theme; the demo video, once made, is its replay).
 */
export async function seedClipsDemo(db: Db, club: number, organiser: number, football: number): Promise<void> {
  await db.insert(clipTemplates).values([
    {
      name: 'Goal highlight',
      clipSkinId: await idOf(db, clipSkins, club, DEMO_SKIN_NAME),
      secondsBefore: 10,
      secondsAfter: 5,
      isDefault: true,
      accountId: club,
    },
    { name: 'Quick replay', secondsBefore: 5, secondsAfter: 3, accountId: club },
    {
      name: 'Keynote moment',
      clipSkinId: await idOf(db, clipSkins, organiser, 'Keynote lower third'),
      secondsBefore: 5,
      secondsAfter: 15,
      isDefault: true,
      accountId: organiser,
    },
  ]);

  const match = one(
    await db
      .insert(events)
      .values({
        name: DEMO_MATCH_NAME,
        state: 'replay',
        startsAt: new Date('2026-09-12T18:00:00.000Z'),
        sportId: football,
        // EMBED: the club offers the embed switch (issue 46.3), and its recorded match is embedded.
        activatedModules: ['MARKERS', 'STREAM_CLIPPING', 'CHAT', 'ADDON_PREDICTOR', 'EMBED'],
        accountId: club,
      })
      .returning(),
    'demo event',
  );
  await french(db, 'events', match.id, { name: 'Riverside contre Harbour City' });
  await db.insert(markers).values([
    {
      eventId: match.id,
      markerTypeId: await idOf(db, markerTypes, club, 'Goal'),
      label: 'J. Miles opens the scoring',
      timeSeconds: 754,
      accountId: club,
    },
    {
      eventId: match.id,
      markerTypeId: await idOf(db, markerTypes, club, 'Yellow card'),
      label: 'T. Marchand booked',
      timeSeconds: 1_322.5,
      accountId: club,
    },
  ]);
}
