import { TRIVIA_EVENTS, TRIVIA_TOPIC } from '@regie/contract/trivia.play';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountTopic, createMemoryHub, type HubEvent } from '../realtime/realtime.hub.ts';
import { createRankingsPusher } from './trivia.rankings.pusher.ts';

describe('the trivia rankings pusher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells each quiz’s account once per burst of answers, after the last one gathered', async () => {
    vi.useFakeTimers();
    const hub = createMemoryHub();
    const heard: [string, HubEvent][] = [];
    hub.subscribe('**', (topic, event) => heard.push([topic, event]));
    const pusher = createRankingsPusher(hub, () => undefined, 500);
    for (let answer = 0; answer < 50; answer += 1) pusher.changed(7, 41);
    pusher.changed(8, 42);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toEqual([
      [accountTopic(7, TRIVIA_TOPIC), { type: TRIVIA_EVENTS.rankings, payload: { quizId: 41 } }],
      [accountTopic(8, TRIVIA_TOPIC), { type: TRIVIA_EVENTS.rankings, payload: { quizId: 42 } }],
    ]);
    // A later answer is a new burst.
    pusher.changed(7, 41);
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toHaveLength(3);
  });

  it('sends what is pending when it closes', async () => {
    const hub = createMemoryHub();
    const heard: string[] = [];
    hub.subscribe('**', (topic) => heard.push(topic));
    const pusher = createRankingsPusher(hub, () => undefined, 60_000);
    pusher.changed(7, 41);
    await pusher.close();
    expect(heard).toEqual([accountTopic(7, TRIVIA_TOPIC)]);
  });
});
