import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { GRAPHICS_MODULE } from '@regie/contract/graphics';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';

/**
 * The demo club has the graphics module (contract graphics.ts GRAPHICS_MODULE), so its producer
 * can dress its matches' clips with a scoreboard or a logo.
 */
export async function seedExtrasDemo(db: Db, accountIds: ReadonlyMap<string, number>): Promise<void> {
  const club = accountIds.get(DEMO_ACCOUNTS.club);
  if (club === undefined) return;
  await db
    .update(accounts)
    .set({ modules: sql`array_append(${accounts.modules}, ${GRAPHICS_MODULE})` })
    .where(eq(accounts.id, club));
}
