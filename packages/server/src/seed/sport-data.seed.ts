import { challengers } from '../db/actors.table.ts';
import { clipSkins } from '../db/clip-skins.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { themeMarkerTypes, themes } from '../db/themes.table.ts';
import { french, one } from './seed.rows.ts';
import { DEMO_SKIN_NAME } from './skin.seed.ts';
import { seedSportMap } from './sport-map.seed.ts';

/**
 * The demo sport data: the club's marker types, themes, clip skins, competitions with seasons and
 * rounds, and challengers; the organiser's marker types and clip skins. No image keys: nothing
 * was uploaded.
 */

const CLUB_MARKER_TYPES = [
  { name: 'Goal', fr: 'But', code: 'goal', color: '#2E7D32', group: 'goals' },
  { name: 'Yellow card', fr: 'Carton jaune', code: 'yellow-card', color: '#F9A825', group: 'cards' },
  { name: 'Red card', fr: 'Carton rouge', code: 'red-card', color: '#C62828', group: 'cards' },
  { name: 'Substitution', fr: 'Remplacement', code: 'substitution', color: '#1565C0', group: 'substitutions' },
  { name: 'Kick-off', fr: 'Coup d’envoi', code: 'kick-off', color: '#455A64', group: 'periods' },
  { name: 'Half-time', fr: 'Mi-temps', code: 'half-time', color: '#455A64', group: 'periods' },
  { name: 'Full-time', fr: 'Fin du match', code: 'full-time', color: '#455A64', group: 'periods' },
  { name: 'Big chance', fr: 'Grosse occasion', code: 'big-chance', color: '#6A1B9A', group: 'highlights' },
] as const;

const EVENT_MARKER_TYPES = [
  { name: 'Key quote', fr: 'Citation clé', code: 'key-quote', color: '#00838F' },
  { name: 'Live demo', fr: 'Démonstration en direct', code: 'live-demo', color: '#EF6C00' },
  { name: 'Q&A', fr: 'Questions-réponses', code: 'q-and-a', color: '#5D4037' },
] as const;

const CLUB_CHALLENGERS = [
  { name: 'Olympique Riverside FC', shortName: 'RIV', type: 'team', nationality: 'GB' },
  { name: 'Harbour City', shortName: 'HBC', type: 'team', nationality: 'GB' },
  { name: 'Northbridge United', shortName: 'NBU', type: 'team', nationality: 'GB' },
  { name: 'Jordan Miles', shortName: 'J. Miles', type: 'player', jerseyNumber: 9, nationality: 'GB' },
  { name: 'Luca Bernardi', shortName: 'L. Bernardi', type: 'player', jerseyNumber: 10, nationality: 'IT' },
  { name: 'Samuel Okoro', shortName: 'S. Okoro', type: 'player', jerseyNumber: 1, nationality: 'NG' },
  { name: 'Théo Marchand', shortName: 'T. Marchand', type: 'player', jerseyNumber: 4, nationality: 'FR' },
] as const;

export async function seedSportData(db: Db, club: number, events: number, football: number): Promise<void> {
  const clubTypes = new Map<string, number>();
  for (const [index, type] of CLUB_MARKER_TYPES.entries()) {
    const row = one(
      await db
        .insert(markerTypes)
        .values({
          name: type.name,
          code: type.code,
          color: type.color,
          sportId: football,
          notificationGroup: type.group,
          position: index + 1,
          accountId: club,
        })
        .returning(),
      `marker type ${type.name}`,
    );
    clubTypes.set(type.code, row.id);
    await french(db, 'marker-types', row.id, { name: type.fr });
  }
  for (const [index, type] of EVENT_MARKER_TYPES.entries()) {
    const row = one(
      await db
        .insert(markerTypes)
        .values({ name: type.name, code: type.code, color: type.color, position: index + 1, accountId: events })
        .returning(),
      `marker type ${type.name}`,
    );
    await french(db, 'marker-types', row.id, { name: type.fr });
  }

  const theme = one(
    await db
      .insert(themes)
      .values({
        name: 'Riverside blue',
        primaryColor: '#0ACAFF',
        secondaryColor: '#14213D',
        font: 'montserrat',
        accountId: club,
      })
      .returning(),
    'theme',
  );
  await db.insert(themeMarkerTypes).values(
    ['goal', 'yellow-card', 'red-card', 'substitution'].map((code) => ({
      themeId: theme.id,
      markerTypeId: clubTypes.get(code) ?? 0,
    })),
  );
  await db.insert(themes).values({
    name: 'Cup nights',
    primaryColor: '#F5B700',
    secondaryColor: '#101820',
    font: 'oswald',
    markerIconStyle: 'outlined',
    accountId: club,
  });

  await db.insert(clipSkins).values([
    { name: DEMO_SKIN_NAME, overlayPosition: 'bottom-right', overlayOpacity: 0.9, accountId: club },
    {
      name: 'Summer kit sponsor corner',
      overlayPosition: 'top-left',
      overlayOpacity: 0.75,
      active: false,
      accountId: club,
    },
    { name: 'Keynote lower third', overlayPosition: 'bottom-left', overlayOpacity: 1, accountId: events },
    { name: 'Summit 2026 branding', overlayPosition: 'top-right', overlayOpacity: 0.8, accountId: events },
  ]);

  await seedCompetitions(db, club, football);
  await seedSportMap(db, football);

  await db
    .insert(challengers)
    .values(CLUB_CHALLENGERS.map((challenger) => ({ ...challenger, sportId: football, accountId: club })));
}

/** Riverside League: two seasons (the current one is 2026-2027) of four weekly matchdays. */
async function seedLeague(db: Db, club: number, football: number): Promise<void> {
  const league = one(
    await db
      .insert(competitions)
      .values({ name: 'Riverside League', sportId: football, country: 'GB', accountId: club })
      .returning(),
    'competition',
  );
  await french(db, 'competitions', league.id, { name: 'Championnat de Riverside' });
  const leagueSeasons = [
    {
      name: '2025-2026',
      startDate: new Date('2025-08-09T14:00:00Z'),
      endDate: new Date('2026-05-24T18:00:00Z'),
      current: false,
      first: '2025-08-09T14:00:00Z',
    },
    {
      name: '2026-2027',
      startDate: new Date('2026-08-08T14:00:00Z'),
      endDate: new Date('2027-05-23T18:00:00Z'),
      current: true,
      first: '2026-08-08T14:00:00Z',
    },
  ];
  for (const season of leagueSeasons) {
    const row = one(
      await db
        .insert(seasons)
        .values({
          name: season.name,
          competitionId: league.id,
          startDate: season.startDate,
          endDate: season.endDate,
          current: season.current,
          accountId: club,
        })
        .returning(),
      `season ${season.name}`,
    );
    const weekMs = 7 * 24 * 60 * 60 * 1000;
    const inserted = await db
      .insert(rounds)
      .values(
        [1, 2, 3, 4].map((number) => ({
          name: `Matchday ${number}`,
          seasonId: row.id,
          number,
          startDate: new Date(Date.parse(season.first) + (number - 1) * weekMs),
          accountId: club,
        })),
      )
      .returning();
    for (const round of inserted) await french(db, 'rounds', round.id, { name: `Journée ${round.number}` });
  }
}

/** Riverside Cup: one season, four knockout rounds. */
async function seedCup(db: Db, club: number, football: number): Promise<void> {
  const cup = one(
    await db
      .insert(competitions)
      .values({ name: 'Riverside Cup', sportId: football, country: 'GB', accountId: club })
      .returning(),
    'competition',
  );
  await french(db, 'competitions', cup.id, { name: 'Coupe de Riverside' });
  const cupSeason = one(
    await db
      .insert(seasons)
      .values({
        name: '2026-2027',
        competitionId: cup.id,
        startDate: new Date('2026-09-15T19:00:00Z'),
        endDate: new Date('2027-05-15T19:00:00Z'),
        current: true,
        accountId: club,
      })
      .returning(),
    'cup season',
  );
  const cupRounds = await db
    .insert(rounds)
    .values([
      {
        name: 'Round of 16',
        seasonId: cupSeason.id,
        number: 1,
        startDate: new Date('2026-09-15T19:00:00Z'),
        accountId: club,
      },
      {
        name: 'Quarter-finals',
        seasonId: cupSeason.id,
        number: 2,
        startDate: new Date('2026-11-24T19:45:00Z'),
        accountId: club,
      },
      {
        name: 'Semi-finals',
        seasonId: cupSeason.id,
        number: 3,
        startDate: new Date('2027-02-09T19:45:00Z'),
        accountId: club,
      },
      {
        name: 'Final',
        seasonId: cupSeason.id,
        number: 4,
        startDate: new Date('2027-05-15T19:00:00Z'),
        accountId: club,
      },
    ])
    .returning();
  const frenchNames = ['Huitièmes de finale', 'Quarts de finale', 'Demi-finales', 'Finale'];
  for (const round of cupRounds)
    await french(db, 'rounds', round.id, { name: frenchNames[round.number - 1] ?? round.name });
}

/** Riverside League over two seasons (the current one is 2026-2027) and the Riverside Cup. */
async function seedCompetitions(db: Db, club: number, football: number): Promise<void> {
  await seedLeague(db, club, football);
  await seedCup(db, club, football);
}
