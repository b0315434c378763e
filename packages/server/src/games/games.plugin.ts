import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { FanAccess } from '../fans/fans.plugin.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { gameSettingsRoutes } from './game-settings.routes.ts';
import { gamesPublicRoutes } from './games.public.routes.ts';
import { gameExtrasRoutes } from './games.routes.ts';
import { motmNowRoutes } from './motm.now.routes.ts';
import { motmRoutes } from './motm.routes.ts';
import { createMotmVoteChecks } from './motm.vote-checks.ts';
import { predictorRoutes } from './predictor.routes.ts';
import { prizesRoutes } from './prizes.routes.ts';

/**
 * The fan games: the account's settings, the predictor and MOTM staff calls, the sponsors and gifts
 * (games' and trivia quizzes') and the fans' side.
 */
export async function registerGames(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; hub: RealtimeHub | null; fanAccess: FanAccess },
): Promise<void> {
  const { db, guards, hub, fanAccess } = options;
  // Dropped by the staff writes to a MOTM game or to the MOTM settings, here and through the hub.
  const voteChecks = createMotmVoteChecks(db, hub, (error) =>
    app.log.warn({ err: error }, 'motm: vote checks drop not shared'),
  );
  app.addHook('onClose', async () => voteChecks.close());
  await app.register(gameSettingsRoutes, { db, guards, voteChecks });
  await app.register(predictorRoutes, { db, guards });
  await app.register(motmRoutes, { db, guards, voteChecks });
  await app.register(motmNowRoutes, { db, guards, voteChecks });
  await app.register(gameExtrasRoutes, { db, guards });
  await app.register(prizesRoutes, { db, guards });
  await app.register(gamesPublicRoutes, { db, hub, fanAccess, voteChecks });
}
