import { DEMO_TONIGHT, tonightKickoff } from '@regie/contract/demo';
import type { ModuleCode } from '@regie/contract/modules';
import { and, eq, inArray } from 'drizzle-orm';
import { ensureChat } from '../chat/chat.service.ts';
import { challengerAppearances, challengers } from '../db/actors.table.ts';
import { contentCameras } from '../db/cameras.table.ts';
import { events } from '../db/events.table.ts';
import { fanGames } from '../db/games.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { sports } from '../db/sports.table.ts';
import { themes } from '../db/themes.table.ts';
import type { Transaction } from '../db/transactions.ts';
import { replaceCandidates } from '../games/games.service.ts';
import { french, one } from './seed.rows.ts';

const MATCH_MS = 2 * 60 * 60 * 1000;

/** Northbridge United's players, beside the club's own (sport-data.seed.ts). */
const AWAY_PLAYERS = [
  { name: 'Marcus Hale', shortName: 'M. Hale', jerseyNumber: 7, nationality: 'GB' },
  { name: 'Oskar Lind', shortName: 'O. Lind', jerseyNumber: 11, nationality: 'SE' },
] as const;
const HOME_PLAYERS = ['Jordan Miles', 'Luca Bernardi', 'Samuel Okoro'] as const;

/** What tonight's match switches on: markers and live clips, the chat, the DVR, the games, the embed. */
const TONIGHT_MODULES: readonly ModuleCode[] = [
  'MARKERS',
  'STREAM_CLIPPING',
  'CHAT',
  'DVR',
  'AWS_STREAM',
  'ADDON_MOTM',
  'ADDON_PREDICTOR',
  'EMBED',
];

async function challengerIds(tx: Transaction, club: number, names: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: challengers.id, name: challengers.name })
    .from(challengers)
    .where(and(eq(challengers.accountId, club), inArray(challengers.name, [...names])));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * Tonight's match of the club (issue 46.3, contract DEMO_TONIGHT): upcoming, published, kicking
 * off later today (tonightKickoff), football (its marker types: goal, cards, substitution…), the
 * two clubs and their players, one camera ready for an encoder, the chat open and a
 * man-of-the-match vote on the players. The club's `liveop` runs it, `liveclipper` clips it.
 */
export async function seedTonightDemo(tx: Transaction, club: number, seededAt = new Date()): Promise<void> {
  const [football] = await tx.select({ id: sports.id }).from(sports).where(eq(sports.name, 'Football')).limit(1);
  const sportId = football?.id ?? null;
  if (sportId === null) return;
  await tx
    .insert(challengers)
    .values(AWAY_PLAYERS.map((player) => ({ ...player, type: 'player', sportId, accountId: club })));
  const ids = await challengerIds(tx, club, [
    'Olympique Riverside FC',
    'Northbridge United',
    ...HOME_PLAYERS,
    ...AWAY_PLAYERS.map((player) => player.name),
  ]);
  const id = (name: string) => {
    const found = ids.get(name);
    if (found === undefined) throw new Error(`Tonight's match: no challenger ${name}`);
    return found;
  };
  const [theme] = await tx
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.accountId, club), eq(themes.name, 'Riverside blue')));
  const kickOff = tonightKickoff(seededAt);
  const match = one(
    await tx
      .insert(events)
      .values({
        name: DEMO_TONIGHT.match,
        state: 'upcoming',
        startsAt: kickOff,
        endsAt: new Date(kickOff.getTime() + MATCH_MS),
        venue: 'Riverside Park',
        sportId,
        homeChallengerId: id('Olympique Riverside FC'),
        awayChallengerId: id('Northbridge United'),
        themeId: theme?.id ?? null,
        published: true,
        activatedModules: [...TONIGHT_MODULES],
        accountId: club,
      })
      .returning(),
    "tonight's match",
  );
  await french(tx, 'events', match.id, { name: 'Riverside contre Northbridge United' });
  const listed = [
    'Olympique Riverside FC',
    'Northbridge United',
    ...HOME_PLAYERS,
    ...AWAY_PLAYERS.map((player) => player.name),
  ];
  await tx
    .insert(challengerAppearances)
    .values(listed.map((name, position) => ({ eventId: match.id, challengerId: id(name), position })));

  const input = one(
    await tx
      .insert(liveInputs)
      .values({ name: DEMO_TONIGHT.camera, latencyMode: '1s', streamKey: DEMO_TONIGHT.streamKey, accountId: club })
      .returning({ id: liveInputs.id }),
    "tonight's camera",
  );
  await tx
    .insert(contentCameras)
    .values({ accountId: club, eventId: match.id, inputId: input.id, label: DEMO_TONIGHT.camera, position: 0 });
  await ensureChat(tx, match);
  const game = one(
    await tx.insert(fanGames).values({ accountId: club, eventId: match.id, kind: 'motm' }).returning(),
    "tonight's motm game",
  );
  await replaceCandidates(tx, game, match);
}
