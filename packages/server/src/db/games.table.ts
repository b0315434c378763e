import { GAME_KINDS, type GameKind } from '@regie/contract/games';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { challengers } from './actors.table.ts';
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';
import { fans } from './fans.table.ts';
import { quizzes } from './trivia.table.ts';

/**
 * A predictor or man-of-the-match game of a sport event (contract games.ts): one of each kind per
 * event. The predictor's columns (points, final score) and MOTM's (its own window) are null on
 * the other kind.
 */
export const fanGames = pgTable(
  'fan_games',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GameKind>().notNull(),
    exactScorePoints: integer('exact_score_points'),
    rightResultPoints: integer('right_result_points'),
    finalHome: integer('final_home'),
    finalAway: integer('final_away'),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('fan_games_event_kind_unique').on(table.eventId, table.kind),
    index('fan_games_account_idx').on(table.accountId),
    check('fan_games_kind_valid', sql.raw(`kind in (${GAME_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check(
      'fan_games_predictor_points',
      sql`${table.kind} <> 'predictor' or (${table.exactScorePoints} is not null and ${table.rightResultPoints} is not null)`,
    ),
    check('fan_games_final_both', sql`(${table.finalHome} is null) = (${table.finalAway} is null)`),
    check(
      'fan_games_window_order',
      sql`${table.opensAt} is null or ${table.closesAt} is null or ${table.closesAt} > ${table.opensAt}`,
    ),
  ],
);
export type FanGameRow = typeof fanGames.$inferSelect;

/** A fan's predicted score, changeable until the game locks; points once calculated. */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => fanGames.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    home: integer('home').notNull(),
    away: integer('away').notNull(),
    points: integer('points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The fan's last change (the calculation, which sets points, leaves it). */
    predictedAt: timestamp('predicted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('predictions_game_fan_unique').on(table.gameId, table.fanId),
    index('predictions_game_score_idx').on(table.gameId, table.home, table.away),
    index('predictions_fan_idx').on(table.fanId),
  ],
);

/** The challengers fans may vote for in a MOTM game, in order. */
export const motmCandidates = pgTable(
  'motm_candidates',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => fanGames.id, { onDelete: 'cascade' }),
    challengerId: integer('challenger_id')
      .notNull()
      .references(() => challengers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.challengerId] }),
    index('motm_candidates_challenger_idx').on(table.challengerId),
  ],
);

/** A fan's one vote in a MOTM game (unique per game and fan). */
export const motmVotes = pgTable(
  'motm_votes',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => fanGames.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    challengerId: integer('challenger_id')
      .notNull()
      .references(() => challengers.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('motm_votes_game_fan_unique').on(table.gameId, table.fanId),
    index('motm_votes_game_challenger_idx').on(table.gameId, table.challengerId),
    index('motm_votes_fan_idx').on(table.fanId),
  ],
);

/**
 * The prizes' owner (contract games.ts prizePaths): a predictor or MOTM game (`game_id`) or a trivia
 * quiz (`quiz_id`), exactly one of them.
 */
const prizeOwner = () => ({
  gameId: integer('game_id').references(() => fanGames.id, { onDelete: 'cascade' }),
  quizId: integer('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
});

/** A game's or a quiz's sponsors (shown to fans beside the game). */
export const gameSponsors = pgTable(
  'game_sponsors',
  {
    id: serial('id').primaryKey(),
    ...prizeOwner(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    link: text('link'),
    ...timestamps(),
  },
  (table) => [
    index('game_sponsors_game_idx').on(table.gameId, table.id),
    index('game_sponsors_quiz_idx').on(table.quizId, table.id),
    check('game_sponsors_one_owner', sql`num_nonnulls(${table.gameId}, ${table.quizId}) = 1`),
  ],
);

/** A game's or a quiz's gifts, each for a range of ranks. */
export const gameGifts = pgTable(
  'game_gifts',
  {
    id: serial('id').primaryKey(),
    ...prizeOwner(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    link: text('link'),
    rankFrom: integer('rank_from').notNull(),
    rankTo: integer('rank_to').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('game_gifts_game_idx').on(table.gameId, table.rankFrom),
    index('game_gifts_quiz_idx').on(table.quizId, table.rankFrom),
    check('game_gifts_one_owner', sql`num_nonnulls(${table.gameId}, ${table.quizId}) = 1`),
    check('game_gifts_rank_order', sql`${table.rankTo} >= ${table.rankFrom} and ${table.rankFrom} >= 1`),
  ],
);
