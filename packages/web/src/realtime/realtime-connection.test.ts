import { REALTIME_CLOSE } from '@regie/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';
import { createRealtimeConnection } from './realtime-connection.ts';

function setup() {
  const errors: string[] = [];
  const connection = createRealtimeConnection({
    createSocket: () => new FakeSocket(),
    backoffMs: (attempt) => 1_000 * 2 ** attempt,
    logError: (message) => errors.push(message),
  });
  return { connection, errors };
}

describe('realtime connection (spec §7 "Real-time")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.created = [];
  });
  afterEach(() => vi.useRealTimers());

  it('signs in with the token and the account key first, then subscribes to /admin/** (spec §7)', () => {
    const { connection } = setup();
    const received: unknown[] = [];
    connection.subscribe('/admin/jobs', (event) => received.push(event.payload));
    connection.setCredentials({ token: 'token-1', accountKey: 'key-of-simulated-account' });
    const socket = FakeSocket.latest();
    socket.accept(7);
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-1', accountKey: 'key-of-simulated-account' });
    expect(socket.subscribedTopics()).toEqual(['/admin/**']);
    expect(connection.accountId()).toBe(7);

    socket.receive({ topic: '/admin/jobs', type: 'job.progress', payload: { id: 1, progress: 40 } });
    socket.receive({ topic: '/admin/messages', type: '7/message', payload: { text: 'not for jobs' } });
    expect(received).toEqual([{ id: 1, progress: 40 }]);
  });

  it('reconnects with growing delays after drops and subscribes again, logging each drop', () => {
    const { connection, errors } = setup();
    const received: unknown[] = [];
    connection.setCredentials({ token: 't', accountKey: undefined });
    FakeSocket.latest().accept(3);
    connection.subscribe('/admin/jobs', (event) => received.push(event.type));
    expect(FakeSocket.latest().subscribedTopics()).toEqual(['/admin/**']);

    FakeSocket.latest().drop(1006);
    expect(connection.accountId()).toBeNull();
    expect(errors.at(-1)).toMatch(/closed \(1006\)/);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(2);

    // The server is still down: the next attempt waits twice as long.
    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.created).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.latest();
    third.accept(3);
    expect(third.sent[0]).toEqual({ type: 'auth', token: 't' });
    expect(third.subscribedTopics()).toEqual(['/admin/**']);
    third.receive({ topic: '/admin/jobs', type: 'job.state', payload: {} });
    expect(received).toEqual(['job.state']);

    // A successful connection resets the delay.
    third.drop(REALTIME_CLOSE.goingAway);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.created).toHaveLength(4);
  });

  it('does not retry a refused token, but opens again with new credentials', () => {
    const { connection, errors } = setup();
    connection.setCredentials({ token: 'expired', accountKey: 'a' });
    FakeSocket.latest().open();
    FakeSocket.latest().drop(REALTIME_CLOSE.unauthorized, 'Token expired');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(errors.at(-1)).toMatch(/refused \(4401\) Token expired/);

    connection.setCredentials({ token: 'fresh', accountKey: 'a' });
    expect(FakeSocket.created).toHaveLength(2);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent[0]).toMatchObject({ token: 'fresh' });
  });

  it('switches account by closing the old socket and signing in again; signing out closes it for good', () => {
    const { connection } = setup();
    connection.subscribe('/admin/messages', () => undefined);
    connection.setCredentials({ token: 't', accountKey: 'own' });
    const first = FakeSocket.latest();
    first.accept(1);
    connection.setCredentials({ token: 't', accountKey: 'own' });
    expect(FakeSocket.created).toHaveLength(1);

    connection.setCredentials({ token: 't', accountKey: 'other' });
    expect(first.closedWith?.code).toBe(1000);
    const second = FakeSocket.latest();
    second.accept(2);
    expect(second.sent[0]).toMatchObject({ accountKey: 'other' });
    expect(second.subscribedTopics()).toEqual(['/admin/**']);
    expect(connection.accountId()).toBe(2);

    connection.setCredentials(null);
    expect(second.closedWith?.code).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it("joins an event's topic on the server while its screens need it, and leaves with the last", () => {
    const { connection } = setup();
    connection.setCredentials({ token: 't', accountKey: undefined });
    const socket = FakeSocket.latest();
    socket.accept(1);
    const received: unknown[] = [];
    connection.subscribe('/admin/42/**', (event) => received.push(event.type));
    const first = connection.join('/admin/42');
    const second = connection.join('/admin/42');
    expect(socket.subscribedTopics()).toEqual(['/admin/**', '/admin/42']);
    socket.receive({ topic: '/admin/42', type: 'event.state', payload: {} });
    socket.receive({ topic: '/admin/42/markers', type: 'marker.created', payload: {} });
    socket.receive({ topic: '/admin/43', type: 'other.event', payload: {} });
    expect(received).toEqual(['event.state', 'marker.created']);
    first();
    expect(socket.sent.filter((message) => message.type === 'unsubscribe')).toEqual([]);
    second();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: '/admin/42' });
  });
});
