import type { AuditOtherResource } from '@regie/contract/audit';
import {
  GAME_RULES,
  GAME_SETTINGS_DEFAULTS,
  GAME_SETTINGS_SCHEMAS,
  GAME_SETTINGS_UPDATES,
  GAMES,
  type Game,
  type GameSettings,
  gameSettingsPaths,
} from '@regie/contract/games.settings';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { gameSettings } from '../db/game-settings.table.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { MotmVoteCheckBook } from './motm.vote-checks.ts';

export interface GameSettingsRoutesOptions {
  db: Db;
  guards: Guards;
  /** The votes' cached checks, dropped when the MOTM settings change. */
  voteChecks: Pick<MotmVoteCheckBook, 'settingsChanged'>;
}

const common = { tags: ['games'], security: BEARER };

/** The account's settings of `game`: what it changed over the defaults (a value no longer valid falls back). */
export async function readGameSettings<G extends Game>(db: Db, accountId: number, game: G): Promise<GameSettings[G]> {
  const [row] = await db
    .select({ settings: gameSettings.settings })
    .from(gameSettings)
    .where(and(eq(gameSettings.accountId, accountId), eq(gameSettings.game, game)));
  const defaults: GameSettings[G] = GAME_SETTINGS_DEFAULTS[game];
  const stored = GAME_SETTINGS_UPDATES[game].safeParse(row?.settings ?? {});
  return { ...defaults, ...(stored.success ? stored.data : {}) };
}

/**
 * Merges `changes` into the stored settings in one statement (two saves at once both land), and
 * records the change (resource `game-settings`, resourceId null: one per account, each setting
 * named with its game) when a value changes.
 */
async function writeGameSettings(
  db: Db,
  source: AuditSource,
  accountId: number,
  game: Game,
  changes: Record<string, unknown>,
) {
  await transaction(db, async (tx) => {
    const before = await readGameSettings(tx, accountId, game);
    await tx
      .insert(gameSettings)
      .values({ accountId, game, settings: changes })
      .onConflictDoUpdate({
        target: [gameSettings.accountId, gameSettings.game],
        set: { settings: sql`${gameSettings.settings} || excluded.settings`, updatedAt: sql`now()` },
      });
    const after = await readGameSettings(tx, accountId, game);
    // Each setting named with its game ('predictor.exactScorePoints'): one resource for every game.
    const named = (settings: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(changes).map((key) => [`${game}.${key}`, settings[key]]));
    const changed = diffFields(
      named(before),
      named(after),
      Object.keys(changes).map((key) => `${game}.${key}`),
    );
    if (Object.keys(changed).length === 0) return;
    await writeAudit(tx, source, {
      accountId,
      resource: GAME_SETTINGS_AUDIT_RESOURCE,
      resourceId: null,
      action: 'update',
      changes: changed,
    });
  });
}

/** The resource name of a game's settings entries. */
export const GAME_SETTINGS_AUDIT_RESOURCE = 'game-settings' satisfies AuditOtherResource;

function registerGame(
  app: Parameters<FastifyPluginAsyncZod<GameSettingsRoutesOptions>>[0],
  game: Game,
  options: GameSettingsRoutesOptions,
) {
  const { db, guards } = options;
  const onRequest = guards.requireRule(GAME_RULES[game]);
  const response = GAME_SETTINGS_SCHEMAS[game];
  app.get(
    gameSettingsPaths[game],
    {
      onRequest,
      schema: {
        ...common,
        summary: `The account's ${game} settings (defaults until changed)`,
        response: { 200: response, ...errorResponses(401, 403) },
      },
    },
    async (request) => readGameSettings(db, authOf(request).account.id, game),
  );
  app.put(
    gameSettingsPaths[game],
    {
      onRequest,
      // Values given as they are change nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: `Changes some of the account's ${game} settings; the others keep their value`,
        body: GAME_SETTINGS_UPDATES[game],
        response: { 200: response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const accountId = authOf(request).account.id;
      await writeGameSettings(db, auditSourceOf(request), accountId, game, request.body);
      // The window of a vote is computed with the MOTM settings (motm.vote-checks.ts).
      if (game === 'motm') options.voteChecks.settingsChanged(accountId);
      return readGameSettings(db, accountId, game);
    },
  );
}

/** GET/PUT of each game's account settings (contract games.settings.ts), for the account acted for. */
export const gameSettingsRoutes: FastifyPluginAsyncZod<GameSettingsRoutesOptions> = async (app, options) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  for (const game of GAMES) registerGame(app, game, options);
};
