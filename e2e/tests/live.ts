import { type ChildProcess, spawn } from 'node:child_process';
import { type APIRequestContext, expect } from '@playwright/test';
import { livePaths } from '@regie/contract/live';
import { type ApiSession, apiCall, apiSignIn, uniqueName } from './flows.ts';

/** A live input as POST /main-api/streams answers it. */
export interface LiveInput {
  id: number;
  name: string;
  ingestUrl: string;
}

/**
 * How an encoder is run: ffmpeg beside a watcher that kills it when this test worker's pipe to it
 * closes. Playwright replaces a worker after a failed test without always running its file's
 * `afterAll` (a test that timed out): its encoders, pushing for an hour, were left behind with
 * their packagers and took the CPU from every test after them (CI's browser suite went from 11 to
 * 16 minutes). A worker that goes, however it goes, now takes its encoders with it. The watcher
 * reads the pipe through fd 3: sh gives a background command /dev/null as its standard input.
 */
const WATCHED =
  'exec 3<&0; ffmpeg "$@" </dev/null 3<&- & ff=$!; (cat <&3 >/dev/null; kill -KILL "$ff" 2>/dev/null) & wait "$ff"';

/**
 * ffmpeg pushing a generated stream (test pattern and a tone) to the ingest for `seconds`, as an
 * encoder would; `filter` changes its picture (the 360° one turns its hues, so every view moves).
 * `kill()` ends the encoder and its watcher together (they are one process group).
 */
export function pushTestStream(url: string, size: string, seconds: number, filter = ''): ChildProcess {
  const child = spawn(
    'sh',
    [
      ...['-c', WATCHED, 'sh'],
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${seconds}${filter}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  const killOne = child.kill.bind(child);
  child.kill = (signal?: NodeJS.Signals | number) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return killOne(signal);
    try {
      process.kill(-child.pid, signal ?? 'SIGTERM');
      return true;
    } catch {
      return killOne(signal);
    }
  };
  return child;
}

/**
 * A studio account of its own made by the platform admin, with `modules`, one group holding
 * `roles` and one user in it (signed in through the API).
 */
export async function liveStudio(
  request: APIRequestContext,
  options: { name: string; modules: readonly string[]; roles: readonly string[]; password: string; person: string },
): Promise<{ username: string; session: ApiSession }> {
  const admin = await apiSignIn(request, 'admin');
  const account = await apiCall<{ id: number; accountKey: string }>(
    request,
    admin,
    'POST',
    '/users-service-api/accounts',
    { name: uniqueName(options.name), modules: options.modules },
  );
  // Acting for the new account needs an acting session, opened with a reason (issue 26).
  await apiCall(request, admin, 'POST', '/users-service-api/users/me/acting', {
    accountId: account.id,
    reason: 'E2E: setting up a live studio',
  });
  const acting = { accessToken: admin.accessToken, accountKey: account.accountKey };
  const group = await apiCall<{ id: number }>(request, acting, 'POST', '/users-service-api/groups', {
    name: 'Live desk',
    roles: options.roles,
  });
  const username = `e2e.live.${Date.now().toString(36)}`;
  await apiCall(request, acting, 'POST', '/users-service-api/users', {
    username,
    name: options.person,
    password: options.password,
    groups: [group.id],
  });
  return { username, session: await apiSignIn(request, username, options.password) };
}

/**
 * How long a file's encoders may push: they run for the whole file and its `afterAll` kills them.
 * A fixed 240 s was shorter than a loaded CI machine needed for live-tabs' earlier tests, so the
 * 360° camera had stopped (its canvas no longer changed) when that test came (and again on its
 * retry). An hour is only a cap for an encoder whose file never reached its `afterAll`.
 */
export const WHOLE_FILE_SECONDS = 3600;

/** Waits until the input says it receives its encoder's stream (state `live`). */
export async function expectInputLive(request: APIRequestContext, session: ApiSession, input: LiveInput) {
  const state = async () => (await apiCall<{ state: string }>(request, session, 'GET', livePaths.one(input.id))).state;
  await expect.poll(state, { timeout: 60_000 }).toBe('live');
}

/** The input's encoder: its stream key read, then `pushTestStream` to its ingest URL. */
export async function pushToInput(
  request: APIRequestContext,
  session: ApiSession,
  input: LiveInput,
  stream: { size: string; seconds: number; filter?: string },
): Promise<ChildProcess> {
  const { streamKey } = await apiCall<{ streamKey: string }>(
    request,
    session,
    'GET',
    `/main-api/streams/${input.id}/key`,
  );
  return pushTestStream(`${input.ingestUrl}/${streamKey}`, stream.size, stream.seconds, stream.filter);
}
