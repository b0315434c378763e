import { GEO_MODULE, type GeoPolicy, type GeoRule, ruleIsOpen } from '@regie/contract/geo';
import { geoRule, geoSettings } from '@regie/contract/geo.schemas';
import type { EventState } from '@regie/contract/resources/events';
import { and, eq, isNotNull } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { contentCameras } from '../db/cameras.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { videos } from '../db/videos.table.ts';
import type { ContentRef } from '../live/program.ts';

/** A stored rule as the contract reads it (a row written before a check existed counts as none). */
function storedRule(value: unknown): GeoRule | null {
  if (value === null || value === undefined) return null;
  const parsed = geoRule.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The account's geo setting as its config stores it (a missing or unreadable one: the default, nobody refused). */
export function storedGeoSettings(config: Readonly<Record<string, unknown>> | undefined) {
  const parsed = geoSettings.safeParse(config?.geoBlocking ?? {});
  return parsed.success ? parsed.data : geoSettings.parse({});
}

/** The account's setting when it holds the module; null otherwise (its contents play everywhere). */
export async function accountGeoSettings(db: Db, accountId: number) {
  const [account] = await db
    .select({ modules: accounts.modules, config: accounts.config })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account?.modules.includes(GEO_MODULE)) return null;
  return storedGeoSettings(account.config);
}

/**
 * What a viewer of a content's page must pass (contract geo.ts DECISION): the content's own rule,
 * else the account's; live, each camera input's own rule; a replay, its video's own rule. Null
 * when nobody is refused (the account lacks the module, or every rule is open).
 */
export async function contentGeoPolicy(
  db: Db,
  accountId: number,
  content: ContentRef,
  playing: { state: EventState; videoId: number | null },
): Promise<GeoPolicy | null> {
  const settings = await accountGeoSettings(db, accountId);
  if (!settings) return null;
  const table = content.kind === 'events' ? events : businessPlayers;
  const [row] = await db
    .select({ geoBlocking: table.geoBlocking })
    .from(table)
    .where(and(eq(table.id, content.id), eq(table.accountId, accountId)))
    .limit(1);
  const rules: GeoRule[] = [storedRule(row?.geoBlocking) ?? settings];
  if (playing.state === 'live') {
    const cameraColumn = content.kind === 'events' ? contentCameras.eventId : contentCameras.conferenceId;
    const inputs = await db
      .select({ geoBlocking: liveInputs.geoBlocking })
      .from(contentCameras)
      .innerJoin(liveInputs, eq(liveInputs.id, contentCameras.inputId))
      .where(and(eq(cameraColumn, content.id), isNotNull(liveInputs.geoBlocking)));
    for (const input of inputs) {
      const rule = storedRule(input.geoBlocking);
      if (rule) rules.push(rule);
    }
  } else if (playing.videoId !== null) {
    const [video] = await db
      .select({ geoBlocking: videos.geoBlocking })
      .from(videos)
      .where(and(eq(videos.id, playing.videoId), eq(videos.accountId, accountId)))
      .limit(1);
    const rule = storedRule(video?.geoBlocking);
    if (rule) rules.push(rule);
  }
  const restricting = rules.filter((rule) => !ruleIsOpen(rule));
  if (restricting.length === 0) return null;
  return {
    rules: restricting.map(({ mode, countries }) => ({ mode, countries })),
    unknownAddresses: settings.unknownAddresses,
  };
}
