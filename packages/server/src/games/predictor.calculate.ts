import { GAMES_MESSAGES } from '@regie/contract/games';
import type { CalculateResponse, ScoreBody } from '@regie/contract/games.schemas';
import { scorePrediction } from '@regie/contract/games.scoring';
import { and, count, eq } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { fanGames, predictions } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { GAME_AUDIT_RESOURCE, type GameWithEvent, presentPredictor } from './games.service.ts';

/**
 * POST predictor/results/calculate/{id}: stores the final score and sets every prediction's points
 * with scorePrediction (games.scoring.ts) and the game's own points. Each prediction's points are
 * computed from the final score alone, never added to: running it again gives the same points, a
 * corrected score scores again from scratch. Refused (409) while predictions are still open.
 */
export async function calculatePredictions(
  db: Db,
  found: GameWithEvent,
  final: ScoreBody,
  now = new Date(),
  /** The request's, to record the calculation on the game; none outside a request (a seed). */
  source?: AuditSource,
): Promise<CalculateResponse> {
  const before = await presentPredictor(db, found, now);
  if (!before.locked) throw new HttpError(409, GAMES_MESSAGES.notLockedYet);
  return transaction(db, async (tx) => {
    const [game] = await tx
      .update(fanGames)
      .set({ finalHome: final.home, finalAway: final.away, calculatedAt: now, updatedAt: now })
      .where(eq(fanGames.id, found.game.id))
      .returning();
    if (!game) throw notFound(GAMES_MESSAGES.gameNotFound(found.game.id));
    const points = { exactScore: game.exactScorePoints ?? 0, rightResult: game.rightResultPoints ?? 0 };
    // One statement per distinct predicted score (a few dozen), whatever the number of fans.
    const scores = await tx
      .select({ home: predictions.home, away: predictions.away, count: count() })
      .from(predictions)
      .where(eq(predictions.gameId, game.id))
      .groupBy(predictions.home, predictions.away);
    const tally = { scored: 0, exact: 0, rightResult: 0, missed: 0 };
    for (const predicted of scores) {
      await tx
        .update(predictions)
        .set({ points: scorePrediction(predicted, final, points) })
        .where(
          and(
            eq(predictions.gameId, game.id),
            eq(predictions.home, predicted.home),
            eq(predictions.away, predicted.away),
          ),
        );
      tally.scored += predicted.count;
      if (predicted.home === final.home && predicted.away === final.away) tally.exact += predicted.count;
      else if (Math.sign(predicted.home - predicted.away) === Math.sign(final.home - final.away)) {
        tally.rightResult += predicted.count;
      } else tally.missed += predicted.count;
    }
    if (source) {
      await writeAudit(tx, source, {
        accountId: game.accountId,
        resource: GAME_AUDIT_RESOURCE,
        resourceId: game.id,
        action: 'calculate',
        // The final score when it changed (a run again scores from scratch all the same), and how many were scored.
        changes: {
          ...diffFields(found.game, game, ['finalHome', 'finalAway']),
          predictionsScored: { before: null, after: tally.scored },
        },
      });
    }
    return { game: await presentPredictor(tx, { game, event: found.event }, now), ...tally };
  });
}
