/**
 * The demo data a fresh development database is seeded with: shared by the server's seed (which
 * also gives the accounts their modules and groups), its start-up banner and the browser tests.
 */
export const DEMO_PASSWORD = 'regie-demo';

export const DEMO_ACCOUNTS = {
  platform: 'Regie Platform',
  club: 'Olympique Riverside FC',
  events: 'Summit Live Events',
  basketball: 'Harbour Basketball Club',
} as const;
export type DemoAccountName = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];

export interface DemoUser {
  username: string;
  name: string;
  account: DemoAccountName;
  /** Where the user lands after signing in (contract `landingRoute`). */
  landing: string;
  language: 'en' | 'fr';
}

export const DEMO_USERS = [
  {
    username: 'producer',
    name: 'Camille Laurent',
    account: DEMO_ACCOUNTS.club,
    landing: '/dashboard',
    language: 'en',
  },
  {
    username: 'simulcaster',
    name: 'Jonas Whitfield',
    account: DEMO_ACCOUNTS.events,
    landing: '/events/simulcasts/list',
    language: 'en',
  },
  {
    username: 'clipper',
    name: 'Élodie Marchand',
    account: DEMO_ACCOUNTS.events,
    landing: '/account/clip-skins',
    language: 'fr',
  },
  {
    username: 'editor',
    name: 'Priya Raman',
    account: DEMO_ACCOUNTS.club,
    landing: '/medias/videos/list',
    language: 'en',
  },
  {
    username: 'quizmaster',
    name: 'Tomás Ferreira',
    account: DEMO_ACCOUNTS.club,
    landing: '/trivia/quizzes',
    language: 'en',
  },
  {
    username: 'admin',
    name: 'Morgan Delacroix',
    account: DEMO_ACCOUNTS.platform,
    landing: '/account/customers',
    language: 'en',
  },
  {
    username: 'usermanager',
    name: 'Hannah Okafor',
    account: DEMO_ACCOUNTS.club,
    landing: '/account/users/list',
    language: 'en',
  },
  {
    username: 'viewer',
    name: 'Lucas Bernard',
    account: DEMO_ACCOUNTS.basketball,
    landing: '/account/settings/infos',
    language: 'en',
  },
  {
    // The club's own live desk (issue 46.3): stream tab, cameras, go live, control room, markers, simulcasts.
    username: 'liveop',
    name: 'Noah Fischer',
    account: DEMO_ACCOUNTS.club,
    landing: '/dashboard',
    language: 'en',
  },
  {
    // The club's live clipper: clips the live match on its DVR, and its replay.
    username: 'liveclipper',
    name: 'Sofia Almeida',
    account: DEMO_ACCOUNTS.club,
    landing: '/account/clip-skins',
    language: 'en',
  },
  {
    username: 'crm',
    name: 'Inès Moreau',
    account: DEMO_ACCOUNTS.club,
    // No landing rule names use_crm (spec §2): the default one; the CRM is in the menu.
    landing: '/account/settings/infos',
    language: 'en',
  },
] as const satisfies readonly DemoUser[];

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];

/**
 * Tonight's match of the club (issue 46.3): an upcoming event a newcomer runs end to end, filmed
 * by one camera whose stream key is fixed so the README's encoder command is exact (demo data
 * only: it is never seeded in production; rotate it on the event's Stream tab). It kicks off
 * TONIGHT_KICKOFF_MINUTES after the seed, rounded up to the quarter hour: still ahead when the
 * build's demo template is loaded, which is at most an hour old (db/demo-template.ts).
 */
export const DEMO_TONIGHT = {
  match: 'Riverside vs Northbridge United',
  camera: 'Riverside Park camera',
  streamKey: 'rk_riverside-tonight-demo-camera',
  kickoffMinutes: 120,
} as const;

/** The kick-off of tonight's match for a seed made at `seededAt`. */
export function tonightKickoff(seededAt: Date): Date {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((seededAt.getTime() + DEMO_TONIGHT.kickoffMinutes * 60_000) / quarter) * quarter);
}

/**
 * The club's away match followed from the feed without a picture (NO_VIDEO, issue 47.9): its
 * embed shows the score (1–2), the clock (full time) and the timeline beside the chat. Played
 * before the recorded match, on a fixed date, so the lists' order stays as it was.
 */
export const DEMO_NO_VIDEO_MATCH = {
  name: 'Harbour City vs Riverside',
  nameFr: 'Harbour City contre Riverside',
  kickOff: '2026-08-29T18:00:00.000Z',
} as const;
