import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import { ADMIN_TOPICS, MESSAGES_TOPIC } from '@regie/contract/realtime';
import { TOAST_TIMING } from '@regie/contract/ui';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiContext, useApi } from '../api/api-context.ts';
import { createApiClient } from '../api/client.ts';
import { resourceKeys } from '../api/query-keys.ts';
import { sessionStore } from '../session/current-session.ts';
import type { SessionUser } from '../session/session-store.ts';
import { renderWithProviders } from '../test-utils.tsx';
import { FloatingMessages } from '../widgets/Messages.tsx';
import { FakeSocket } from './fake-socket.ts';
import { RealtimeProvider } from './RealtimeProvider.tsx';
import { job } from './test-jobs.ts';
import { useActiveJobs } from './use-jobs.ts';
import { useEventChannel } from './use-realtime.ts';

function signIn(accountKey: string): void {
  sessionStore.setUser({ accessToken: 'token-1', accountKey } as SessionUser);
}

/** The video's own record, as its edit page reads it. */
function VideoState() {
  const client = useApi();
  const record = useQuery({
    queryKey: resourceKeys.record('videos', '12'),
    queryFn: () => client.get<{ state: string }>('/main-api/videos/12'),
  });
  return <p>{`video ${record.data?.state ?? ''}`}</p>;
}

/** An event's screen (they come later): listens to its own topic. */
function EventScreen({ onEvent }: { onEvent: (type: string) => void }) {
  useEventChannel(42, (event) => onEvent(event.type));
  return <p>event 42</p>;
}

/** The event's screens, and a way out of them that keeps the session (and its channel). */
function Screens({ onEvent }: { onEvent: (type: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      {open && <EventScreen onEvent={onEvent} />}
      <button type="button" onClick={() => setOpen(false)}>
        Leave the event
      </button>
    </>
  );
}

function Jobs() {
  const { jobs, isLoading } = useActiveJobs({ resourceType: 'Video', resourceId: 12 });
  if (isLoading) return <p>loading</p>;
  return (
    <ul>
      {jobs.map((item) => (
        <li key={item.id}>{`${item.type} ${item.state} ${item.progress}`}</li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  FakeSocket.created = [];
  sessionStore.clear({ signedOut: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RealtimeProvider', () => {
  it("shows the account's toasts in the floating area for 10 s, then lets them leave over 1 s", () => {
    vi.useFakeTimers();
    signIn('own-key');
    renderWithProviders(
      <RealtimeProvider createSocket={() => new FakeSocket()}>
        <FloatingMessages />
      </RealtimeProvider>,
    );
    const socket = FakeSocket.latest();
    act(() => socket.accept(5));
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-1', accountKey: 'own-key' });
    expect(socket.subscribedTopics()).toEqual([ADMIN_TOPICS]);

    act(() => {
      socket.receive({
        topic: MESSAGES_TOPIC,
        type: '6/message',
        payload: { id: 'a', text: 'Not ours', type: 'info' },
      });
      socket.receive({
        topic: MESSAGES_TOPIC,
        type: '5/message',
        payload: { id: 'b', text: 'Maintenance at 6', type: 'warning' },
      });
    });
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Maintenance at 6');
    expect(toast.dataset.type).toBe('warning');
    expect(screen.queryByText('Not ours')).toBeNull();

    act(() => vi.advanceTimersByTime(TOAST_TIMING.visibleMs - 1));
    expect(toast.dataset.leaving).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(toast.dataset.leaving).toBe('true');
    act(() => vi.advanceTimersByTime(TOAST_TIMING.leaveMs));
    expect(screen.queryByText('Maintenance at 6')).toBeNull();
  });

  it('opens no channel while signed out, and uses the simulated account key of an admin', () => {
    const view = renderWithProviders(<RealtimeProvider createSocket={() => new FakeSocket()}>{null}</RealtimeProvider>);
    expect(FakeSocket.created).toHaveLength(0);
    act(() => signIn('admin-own-key'));
    expect(FakeSocket.created).toHaveLength(1);
    act(() => sessionStore.setSimulatedAccount({ id: 9, name: 'Club', accountKey: 'club-key' }));
    expect(FakeSocket.created).toHaveLength(2);
    act(() => FakeSocket.latest().open());
    expect(FakeSocket.latest().sent[0]).toMatchObject({ accountKey: 'club-key' });
    act(() => sessionStore.clear({ signedOut: true }));
    expect(FakeSocket.latest().closedWith?.code).toBe(1000);
    view.unmount();
  });

  it('lists the running jobs of a video and moves their progress live', async () => {
    signIn('own-key');
    const requests: string[] = [];
    // What the server holds: the refetches that events trigger read it.
    let running = [job({ id: 1, progress: 10 })];
    let videoState = 'processing';
    const client = createApiClient({
      credentials: () => ({}),
      fetch: async (input) => {
        requests.push(String(input));
        const body = String(input).startsWith('/main-api/videos/12') ? { state: videoState } : running;
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      },
    });
    renderWithProviders(
      <ApiContext.Provider value={client}>
        <RealtimeProvider createSocket={() => new FakeSocket()}>
          <Jobs />
          <VideoState />
        </RealtimeProvider>
      </ApiContext.Provider>,
    );
    await screen.findByText('video.encode in_progress 10');
    expect(requests).toContain('/main-api/jobs?state=waiting%2Cin_progress&resourceType=Video&resourceId=12');
    await screen.findByText('video processing');
    const socket = FakeSocket.latest();
    act(() => socket.accept(5));
    expect(socket.subscribedTopics()).toEqual([ADMIN_TOPICS]);

    const payload = { id: 1, type: 'video.encode', resourceType: 'Video', resourceId: '12' };
    act(() => socket.receive({ topic: JOBS_TOPIC, type: JOB_EVENTS.progress, payload: { ...payload, progress: 64 } }));
    // TanStack Query tells observers on the next tick.
    await screen.findByText('video.encode in_progress 64');
    running = [];
    videoState = 'ready';
    act(() =>
      socket.receive({ topic: JOBS_TOPIC, type: JOB_EVENTS.state, payload: job({ state: 'done', progress: 100 }) }),
    );
    await vi.waitFor(() => expect(screen.queryByText(/video.encode/)).toBeNull());
    // The ended job refreshed the video's own queries: it shows ready without a reload.
    await screen.findByText('video ready');
  });

  it("subscribes to /admin/{event} on an event's screens and leaves it with them (spec §7)", () => {
    signIn('own-key');
    const received: string[] = [];
    renderWithProviders(
      <RealtimeProvider createSocket={() => new FakeSocket()}>
        <Screens onEvent={(type) => received.push(type)} />
      </RealtimeProvider>,
    );
    const socket = FakeSocket.latest();
    act(() => socket.accept(5));
    expect(socket.subscribedTopics()).toEqual([ADMIN_TOPICS, '/admin/42']);
    act(() => {
      socket.receive({ topic: '/admin/42/markers', type: 'marker.created', payload: {} });
      socket.receive({ topic: '/admin/7', type: 'other.event', payload: {} });
    });
    expect(received).toEqual(['marker.created']);
    // Leaving the event's screens: the channel stays, the event's topic goes.
    fireEvent.click(screen.getByRole('button', { name: 'Leave the event' }));
    expect(socket.sent).toContainEqual({ type: 'unsubscribe', topic: '/admin/42' });
  });
});
