import { canWrite } from '@regie/contract/access';
import {
  type GameKind,
  gamePaths,
  MOTM_EVENTS,
  motmCloseNowPath,
  motmOpenNowPath,
  motmResultsPath,
  type PrizeOwner,
  predictorCalculatePath,
  prizePaths,
} from '@regie/contract/games';
import {
  type CalculateResponse,
  type Gift,
  type GiftBody,
  type MotmContestant,
  type MotmGame,
  type MotmResults,
  motmResults,
  type PredictorContestant,
  type PredictorGame,
  type ScoreBody,
  type Sponsor,
  type SponsorBody,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useEventChannel } from '../../realtime/use-realtime.ts';
import { useAccessSubject } from '../../session/access.ts';
import { downloadText } from '../conferences/download-text.ts';

/** The calls of the event's predictor and motm tabs (contract games.ts). */

export type AnyGame = { predictor: PredictorGame; motm: MotmGame };
export type AnyContestant = { predictor: PredictorContestant; motm: MotmContestant };

export const gameKeys = {
  ofEvent: (kind: GameKind, eventId: number) => ['events', eventId, 'games', kind] as const,
  game: (kind: GameKind, id: number) => ['games', kind, id] as const,
  contestants: (kind: GameKind, id: number) => ['games', kind, id, 'contestants'] as const,
  sponsors: (owner: PrizeOwner, id: number) => ['games', owner, id, 'sponsors'] as const,
  gifts: (owner: PrizeOwner, id: number) => ['games', owner, id, 'gifts'] as const,
  results: (id: number) => ['games', 'motm', id, 'results'] as const,
};

/** The game's writers may change it; read_only users and others only read. */
export function useCanWriteGame(kind: GameKind): boolean {
  return canWrite(useAccessSubject(), GAME_RULES[kind]);
}

/** The event's game of `kind`, or null when it has none yet. */
export function useEventGame<K extends GameKind>(kind: K, eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: gameKeys.ofEvent(kind, eventId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: AnyGame[K][] }>(gamePaths(kind).list, { eventId }, { signal });
      return answer.data[0] ?? null;
    },
  });
}

export function useCreateGame(kind: GameKind, eventId: number) {
  const api = useApi();
  return useAction(() => api.post(gamePaths(kind).list, { eventId }), {
    invalidate: [gameKeys.ofEvent(kind, eventId)],
  });
}

export function useUpdateGame(kind: GameKind, eventId: number, gameId: number) {
  const api = useApi();
  return useAction((body: Record<string, unknown>) => api.put(gamePaths(kind).game(gameId), body), {
    // The game, and what follows from it (MOTM results count the candidates).
    invalidate: [gameKeys.ofEvent(kind, eventId), gameKeys.game(kind, gameId)],
  });
}

/** "Open now" / "Close now" on a man-of-the-match game (issue 46.5). */
export function useMotmNow(eventId: number, gameId: number, action: 'open' | 'close') {
  const api = useApi();
  return useAction(() => api.post((action === 'open' ? motmOpenNowPath : motmCloseNowPath)(gameId)), {
    success: action === 'open' ? 'games.motm.openedNow' : 'games.motm.closedNow',
    invalidate: [gameKeys.ofEvent('motm', eventId), gameKeys.game('motm', gameId)],
  });
}

export function useCalculate(eventId: number, gameId: number) {
  const api = useApi();
  return useAction((score: ScoreBody) => api.post<CalculateResponse>(predictorCalculatePath(gameId), score), {
    invalidate: [gameKeys.ofEvent('predictor', eventId), gameKeys.contestants('predictor', gameId)],
  });
}

/** The first page of contestants and their count. */
export function useContestants<K extends GameKind>(kind: K, gameId: number) {
  const api = useApi();
  return useQuery({
    queryKey: gameKeys.contestants(kind, gameId),
    queryFn: async ({ signal }) => {
      const paths = gamePaths(kind);
      const [page, counted] = await Promise.all([
        api.get<{ data: AnyContestant[K][] }>(paths.contestants(gameId), { limit: 50 }, { signal }),
        api.get<{ count: number }>(paths.contestantsCount(gameId), undefined, { signal }),
      ]);
      return { rows: page.data, count: counted.count };
    },
  });
}

/** The CSV of every contestant, saved as a file (the byte order mark kept for spreadsheets). */
export function useExportContestants(kind: GameKind, gameId: number) {
  const api = useApi();
  return useAction(
    async () => {
      const text = await api.get<string>(gamePaths(kind).contestantsExport(gameId));
      downloadText(
        `${kind}-${gameId}-contestants.csv`,
        `\uFEFF${String(text ?? '').replace(/^\uFEFF/, '')}`,
        'text/csv',
      );
    },
    { pending: false, success: false },
  );
}

/** A game's (or a quiz's: owner 'trivia') sponsors. */
export function useSponsors(owner: PrizeOwner, ownerId: number) {
  const api = useApi();
  return useQuery({
    queryKey: gameKeys.sponsors(owner, ownerId),
    queryFn: ({ signal }) => api.get<{ data: Sponsor[] }>(prizePaths(owner).sponsors(ownerId), undefined, { signal }),
  });
}

export function useGifts(owner: PrizeOwner, ownerId: number) {
  const api = useApi();
  return useQuery({
    queryKey: gameKeys.gifts(owner, ownerId),
    queryFn: ({ signal }) => api.get<{ data: Gift[] }>(prizePaths(owner).gifts(ownerId), undefined, { signal }),
  });
}

/** Adds a sponsor or a gift, or changes one (`id`). */
export function useSavePrize<What extends 'sponsor' | 'gift'>(owner: PrizeOwner, ownerId: number, what: What) {
  const api = useApi();
  const paths = prizePaths(owner);
  return useAction(
    ({ id, body }: { id: number | null; body: What extends 'gift' ? GiftBody : SponsorBody }) => {
      if (id !== null) return api.put(what === 'sponsor' ? paths.sponsor(id) : paths.gift(id), body);
      return api.post(what === 'sponsor' ? paths.sponsors(ownerId) : paths.gifts(ownerId), body);
    },
    { invalidate: [what === 'sponsor' ? gameKeys.sponsors(owner, ownerId) : gameKeys.gifts(owner, ownerId)] },
  );
}

export function useRemovePrize(owner: PrizeOwner, ownerId: number, what: 'sponsor' | 'gift') {
  const api = useApi();
  const paths = prizePaths(owner);
  return useAction((id: number) => api.delete(what === 'sponsor' ? paths.sponsor(id) : paths.gift(id)), {
    invalidate: [what === 'sponsor' ? gameKeys.sponsors(owner, ownerId) : gameKeys.gifts(owner, ownerId)],
  });
}

/**
 * The MOTM results, kept live: each vote publishes the new results on the event's topic, which
 * replace the shown ones at once (and the voters' list is read again).
 */
export function useLiveResults(game: MotmGame) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = gameKeys.results(game.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<MotmResults>(motmResultsPath(game.id), undefined, { signal }),
  });
  useEventChannel(game.eventId, (event) => {
    if (event.type !== MOTM_EVENTS.results) return;
    const results = motmResults.safeParse(event.payload);
    if (!results.success || results.data.gameId !== game.id) return;
    queryClient.setQueryData(key, results.data);
    void queryClient.invalidateQueries({ queryKey: gameKeys.contestants('motm', game.id) });
  });
  return query;
}
