import type { MotmResults } from '@regie/contract/games.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import type { HubEvent, RealtimeHub } from '../realtime/realtime.hub.ts';
import { createResultsPusher, RESULTS_PUSH_MS } from './results.pusher.ts';

function fakeHub() {
  const published: Array<{ topic: string; event: HubEvent }> = [];
  const hub = {
    publish: async (topic: string, event: HubEvent) => {
      published.push({ topic, event });
    },
  } as unknown as RealtimeHub;
  return { hub, published };
}

const game = { id: 7, accountId: 3, eventId: 11 };
const results = (total: number): MotmResults => ({ gameId: game.id, total, results: [] }) as unknown as MotmResults;

afterEach(() => {
  vi.useRealTimers();
});

describe('the MOTM results pusher', () => {
  it('counts a burst of votes once, after the burst, and pushes that count to the event’s screens', async () => {
    vi.useFakeTimers();
    const { hub, published } = fakeHub();
    let votes = 0;
    const count = vi.fn(async () => results(votes));
    const pusher = createResultsPusher({} as Db, hub, () => undefined, { count });
    for (let index = 0; index < 500; index += 1) {
      votes += 1;
      pusher.voted(game);
    }
    expect(count).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RESULTS_PUSH_MS);
    expect(count).toHaveBeenCalledTimes(1);
    expect(published).toHaveLength(1);
    expect(published[0]?.topic).toBe('3/admin/11');
    expect((published[0]?.event.payload as MotmResults).total).toBe(500);
    // The next vote opens the next gathering.
    votes += 1;
    pusher.voted(game);
    await vi.advanceTimersByTimeAsync(RESULTS_PUSH_MS);
    expect(count).toHaveBeenCalledTimes(2);
    expect((published[1]?.event.payload as MotmResults).total).toBe(501);
  });

  it('pushes what is pending at once when it closes, and nothing without a hub', async () => {
    const { hub, published } = fakeHub();
    const count = vi.fn(async () => results(1));
    const pusher = createResultsPusher({} as Db, hub, () => undefined, { count, everyMs: 60_000 });
    pusher.voted(game);
    await pusher.close();
    expect(published).toHaveLength(1);
    const silent = createResultsPusher({} as Db, null, () => undefined, { count });
    silent.voted(game);
    await silent.close();
    expect(count).toHaveBeenCalledTimes(1);
  });
});
