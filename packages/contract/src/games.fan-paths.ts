// Kept free of zod (and of the games' settings): the public embed page imports these paths.
import { pathParam } from './api.ts';
import { FAN_API } from './fans.ts';

/** The fan side: the event's game, and playing it. */
export const fanGamePaths = {
  /** GET: the event's predictor game with the fan's prediction. */
  predictor: (eventId?: number | string) => `${FAN_API}/events/${pathParam('eventId', eventId)}/predictor`,
  /** PUT {home, away}: the fan's prediction (changeable until it locks). */
  prediction: (gameId?: number | string) => `${FAN_API}/predictor/${pathParam('gameId', gameId)}/prediction`,
  /** GET: the event's MOTM game with its candidates and the fan's vote. */
  motm: (eventId?: number | string) => `${FAN_API}/events/${pathParam('eventId', eventId)}/motm`,
  /** POST {challengerId}: the fan's one vote. */
  vote: (gameId?: number | string) => `${FAN_API}/motm/${pathParam('gameId', gameId)}/vote`,
} as const;
