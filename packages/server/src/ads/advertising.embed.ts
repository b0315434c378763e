import type { EmbedAds } from '@regie/contract/advertising.schemas';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import type { EmbedTarget } from '../embed/embed.tokens.ts';
import { adsOfEvent } from './advertising.settings.ts';

/** The ads of a page's live or replay (embed data's `ads`): an event's, in one read; conferences carry none. */
export async function pageAds(db: Db, target: EmbedTarget): Promise<EmbedAds | null> {
  if (target.kind !== 'events') return null;
  const [row] = await db
    .select({
      activatedModules: events.activatedModules,
      adTagUrl: events.adTagUrl,
      modules: accounts.modules,
      config: accounts.config,
    })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(and(eq(events.id, target.id), eq(events.accountId, target.accountId)))
    .limit(1);
  if (!row) return null;
  return adsOfEvent({
    account: { modules: row.modules, config: row.config },
    event: { activatedModules: row.activatedModules, adTagUrl: row.adTagUrl },
  });
}
