import { localAdsPaths } from '@regie/contract/advertising';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoAccountName,
  type DemoUsername,
} from '@regie/contract/demo';
import { MODULE_CODES, type ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { count, sql } from 'drizzle-orm';
import { newAccountKey } from '../accounts/accounts.service.ts';
import { hashPassword } from '../auth/password.service.ts';
import { accounts, groupRoles, groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { roles } from '../db/reference.table.ts';
import { sports } from '../db/sports.table.ts';
import { tags } from '../db/tags.table.ts';
import { transaction } from '../db/transactions.ts';
import { translations } from '../db/translations.table.ts';
import { type StoredOauth, userGroups, users } from '../db/users.table.ts';
import { seedLiveDemo } from '../live/live.seed.ts';
import { seedSimulcastDemo } from '../simulcast/simulcast.seed.ts';
import { seedCatalogDemo } from './catalog.seed.ts';
import { seedChatDemo } from './chat.seed.ts';
import { seedConferencesDemo } from './conferences.seed.ts';
import { seedEventsDemo } from './events.seed.ts';
import { seedExtrasDemo } from './extras.seed.ts';
import { seedFansDemo } from './fans.seed.ts';
import { seedGamesDemo } from './games.seed.ts';
import { seedDemoMarkers } from './markers.seed.ts';
import { seedNoVideoDemo } from './no-video.seed.ts';
import { seedTonightDemo } from './tonight.seed.ts';
import { seedTriviaDemo, seedTriviaPlays } from './trivia.seed.ts';

interface DemoAccountSeed {
  name: DemoAccountName;
  modules: readonly ModuleCode[];
  /** Its settings (contract accountConfig), where the demo sets some. */
  config?: Readonly<Record<string, unknown>>;
  groups: Readonly<Record<string, readonly Role[]>>;
}

/** The demo club's geo blocking: it plays in Belgium and holds the rights for France too. */
export const DEMO_CLUB_GEO_BLOCKING = { mode: 'allow', countries: ['BE', 'FR'], unknownAddresses: 'allow' } as const;

/** The demo club's ad tag: the local ad server's VAST (server ads/), on Regie's own address. */
export const DEMO_CLUB_ADVERTISING = { tagUrl: localAdsPaths.vast } as const;

const ACCOUNTS: readonly DemoAccountSeed[] = [
  {
    name: DEMO_ACCOUNTS.platform,
    modules: MODULE_CODES,
    groups: { 'Platform administrators': ['manage_customer_accounts', 'manage_users'] },
  },
  {
    // A football club: events, players, media, fan engagement and payments, and its own lives (issue
    // 46.3: the stream and its cameras (AWS_STREAM is use_stream's module), the DVR, simulcasts, the embed).
    name: DEMO_ACCOUNTS.club,
    modules: [
      'STREAM',
      'AWS_STREAM',
      'DVR',
      'SIMULCAST',
      'EMBED',
      // The data import (its menu's rule: sport_player_write + IMPORTDATA): the season's fixtures and
      // the recorded match's events come from feeds (import.seed.ts).
      'IMPORTDATA',
      'DASHBOARD',
      'SPORT_EVENTS',
      'BUSINESS_PLAYERS',
      'VIDEOS',
      // Its clips in 9:16, 1:1 and 4:5 for phones and social networks (issue 42).
      'VERTICAL_VIDEO',
      // Its staff link the club's YouTube, Facebook, Instagram, X, Dailymotion and TikTok (issue 41).
      'SOCIAL_SHARING',
      'STREAM_CLIPPING',
      'TAGS',
      'MARKERS',
      'THEME',
      'CHALLENGERS',
      'ADDON_TRIVIA',
      'ADDON_PREDICTOR',
      'ADDON_MOTM',
      'FANS_CRM',
      'PAYMENT_PRODUCT',
      'PAYMENT_RESTRICTION',
      'CHAT',
      'STATS',
      'SETTINGS',
      'PUSH_NOTIFICATIONS',
      'CMS',
      'PLAYLISTS',
      'CATEGORIES',
      // Its season's fixtures come from a data provider (data-import/ipfl, issue 25).
      'IMPORTDATA',
      // Its rights cover Belgium, where it plays, and France (issue 47): the Playback settings tab.
      'GEO_BLOCKING',
      // Its crest in a corner of its videos and clips (issue 47.4; the logo is made with the demo video).
      'WATERMARK',
      // Its recorded match downloads from the player, watermarked (issue 47.5).
      'DOWNLOAD',
      // An away match followed from the feed without a picture: score, clock and timeline (issue 47.9).
      'NO_VIDEO',
      // Its ads from the local ad server (issue 47.8): they play on the events that switch
      // Advertising on (none of the seeded ones, so the demo's matches start at once), and the
      // control room marks its lives' ad breaks.
      'ADVERTISING',
    ],
    // Addresses without a country (a newcomer's own machine, the stadium's network) watch.
    config: { geoBlocking: DEMO_CLUB_GEO_BLOCKING, advertising: DEMO_CLUB_ADVERTISING },
    groups: {
      // The producer also opens the club's external CMS and push-notification consoles (menu links).
      Production: [
        'sport_player_write',
        'conf_player_write',
        'liveclipping_write',
        'use_cms',
        'use_push_notifications',
      ],
      Media: ['video_write', 'video_download'],
      'Fan games': ['trivia_write', 'predictor_write', 'motm_write'],
      'Club administrators': ['manage_users', 'manage_payments'],
      'Fan relations': ['use_crm'],
      // The club's live desk: the event's stream tab and cameras, go live, the control room,
      // markers and simulcasts; its live clipper cuts clips from the live DVR.
      'Live desk': ['use_stream', 'simulcast_write', 'sport_player_write'],
      'Live clipping': ['liveclipping_write'],
    },
  },
  {
    // An event organiser: conferences, simulcasts to social networks and cloud streams.
    name: DEMO_ACCOUNTS.events,
    modules: [
      'SIMULCAST',
      'BUSINESS_PLAYERS',
      'VIDEOS',
      'SOCIAL_SHARING',
      'STREAM_CLIPPING',
      'AWS_STREAM',
      'STREAM',
      'DVR',
      'CHAT',
      'STATS',
      'SETTINGS',
      'SPEAKERS',
      'EMBED',
      'IMMERSIVE',
      'MULTICAM',
      'SPORT_EVENTS',
      'MARKERS',
    ],
    groups: {
      'Simulcast operators': ['simulcast_write'],
      'Clipping desk': ['liveclipping_write', 'clip_only'],
      // No member yet: lets a platform admin acting for the organiser manage its speakers.
      'Conference desk': ['conf_player_write'],
      'Live operators': ['use_stream'],
      // The live desk runs the organiser's matches and conferences on air (stream, multicam, 360 tabs).
      'Live production': ['sport_player_write', 'conf_player_write'],
    },
  },
  {
    name: DEMO_ACCOUNTS.basketball,
    modules: ['SPORT_EVENTS', 'VIDEOS', 'TAGS', 'MARKERS', 'SETTINGS'],
    groups: { Observers: ['read_only'] },
  },
];

/** Which groups each demo user belongs to; the landing each one gets is checked by a test. */
const MEMBERSHIP: Readonly<
  Record<DemoUsername, { groups: readonly string[]; accessLevel?: number; oauth?: StoredOauth }>
> = {
  producer: { groups: ['Production'], oauth: { facebook: { accessToken: 'demo-facebook-token', pageId: '1024' } } },
  simulcaster: { groups: ['Simulcast operators', 'Live operators', 'Live production'] },
  clipper: { groups: ['Clipping desk'] },
  editor: { groups: ['Media'] },
  quizmaster: { groups: ['Fan games'] },
  admin: { groups: ['Platform administrators'], accessLevel: 1 },
  usermanager: { groups: ['Club administrators'] },
  viewer: { groups: ['Observers'] },
  crm: { groups: ['Fan relations'] },
  liveop: { groups: ['Live desk'] },
  liveclipper: { groups: ['Live clipping'] },
};

/** Global sports, with the sprite files of packages/server/assets/sports. */
const SPORTS = [
  { name: 'Football', svgSpriteFilename: 'football.svg' },
  { name: 'Basketball', svgSpriteFilename: 'basketball.svg' },
  { name: 'Rugby', svgSpriteFilename: 'rugby.svg' },
  { name: 'Tennis', svgSpriteFilename: 'tennis.svg' },
  { name: 'Handball', svgSpriteFilename: 'handball.svg' },
] as const;

/** Tags of the demo accounts, with a French name where it differs. */
const TAGS: readonly { account: DemoAccountName; name: string; tagType: string; fr?: string }[] = [
  { account: DEMO_ACCOUNTS.club, name: 'Goal', tagType: 'action', fr: 'But' },
  { account: DEMO_ACCOUNTS.club, name: 'Penalty', tagType: 'action', fr: 'Penalty' },
  { account: DEMO_ACCOUNTS.club, name: 'Riverside FC', tagType: 'team' },
  { account: DEMO_ACCOUNTS.club, name: 'Jordan Miles', tagType: 'player' },
  { account: DEMO_ACCOUNTS.club, name: 'Summer kit', tagType: 'sponsor', fr: "Maillot d'été" },
  { account: DEMO_ACCOUNTS.basketball, name: 'Dunk', tagType: 'action', fr: 'Smash' },
  { account: DEMO_ACCOUNTS.basketball, name: 'Three-pointer', tagType: 'action', fr: 'Panier à trois points' },
];

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) > 0;
}

/**
 * Fills an empty database with the demo accounts, groups, users (password DEMO_PASSWORD) and
 * sports. Does nothing when a user exists; safe when several processes start at once. `fanScale`:
 * the share of the demo fan population seeded (seedFansDemo; the API tests' template).
 */
export async function seedDemoData(db: Db, options: { fanScale?: number } = {}): Promise<boolean> {
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4201904)`);
    if (await hasUsers(tx)) return false;
    const roleRows = await tx.select().from(roles);
    const roleId = new Map(roleRows.map((role) => [role.name, role.id]));
    const accountId = new Map<string, number>();
    const groupId = new Map<string, number>();
    for (const seed of ACCOUNTS) {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: seed.name,
          accountKey: newAccountKey(),
          modules: [...seed.modules],
          config: { ...seed.config },
        })
        .returning();
      if (!account) throw new Error(`Could not create account ${seed.name}`);
      accountId.set(seed.name, account.id);
      for (const [name, granted] of Object.entries(seed.groups)) {
        const [group] = await tx.insert(groups).values({ name, accountId: account.id }).returning();
        if (!group) throw new Error(`Could not create group ${name}`);
        groupId.set(name, group.id);
        await tx
          .insert(groupRoles)
          .values(granted.map((role) => ({ groupId: group.id, roleId: roleId.get(role) ?? 0 })));
      }
    }
    for (const [index, demo] of DEMO_USERS.entries()) {
      const membership = MEMBERSHIP[demo.username];
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          name: demo.name,
          passwordHash: hashes[index] ?? '',
          meta: { language: demo.language },
          accessLevel: membership.accessLevel ?? 0,
          accountId: accountId.get(demo.account) ?? 0,
          oauth: membership.oauth ?? {},
        })
        .returning();
      if (!user) throw new Error(`Could not create user ${demo.username}`);
      await tx
        .insert(userGroups)
        .values(membership.groups.map((name) => ({ userId: user.id, groupId: groupId.get(name) ?? 0 })));
    }
    await tx.insert(sports).values([...SPORTS]);
    // A club-only sport, to show account sports next to the global ones.
    await tx.insert(sports).values({
      name: 'Five-a-side',
      svgSpriteFilename: 'football.svg',
      accountId: accountId.get(DEMO_ACCOUNTS.club) ?? null,
    });
    for (const tag of TAGS) {
      const [row] = await tx
        .insert(tags)
        .values({ name: tag.name, tagType: tag.tagType, accountId: accountId.get(tag.account) ?? 0 })
        .returning();
      // Language 2 is fr (reference data mirrors the contract's LANGUAGES order).
      if (row && tag.fr) {
        await tx
          .insert(translations)
          .values({ resource: 'tags', recordId: row.id, languageId: 2, values: { name: tag.fr } });
      }
    }
    await seedCatalogDemo(tx, accountId);
    await seedEventsDemo(tx, accountId);
    await seedExtrasDemo(tx, accountId);
    await seedConferencesDemo(tx, accountId.get(DEMO_ACCOUNTS.events) ?? 0);
    const demoInput = await seedLiveDemo(tx, accountId.get(DEMO_ACCOUNTS.events) ?? 0);
    await seedDemoMarkers(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0);
    await seedSimulcastDemo(tx, accountId.get(DEMO_ACCOUNTS.events) ?? 0, demoInput);
    await seedChatDemo(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0);
    const demoQuiz = await seedTriviaDemo(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0);
    await seedFansDemo(tx, accountId, options.fanScale);
    await seedTriviaPlays(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0, demoQuiz);
    await seedGamesDemo(tx, accountId);
    await seedTonightDemo(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0);
    await seedNoVideoDemo(tx, accountId.get(DEMO_ACCOUNTS.club) ?? 0);
    return true;
  });
}

/** The sign-in table printed at start-up after seeding. */
export function formatDemoLogins(): string {
  const rows = DEMO_USERS.map((user) => [user.username, user.name, user.account, user.landing]);
  const header = ['username', 'name', 'account', 'lands on'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `Demo users (password: ${DEMO_PASSWORD})`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
