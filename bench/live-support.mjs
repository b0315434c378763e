// Helpers of the live benchmark's parts (bench/live-*.mjs): ffmpeg children, a studio account of
// the bench's own with live inputs, the cheap 720p publisher, the signed HLS fetches.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { actFor, apiClient, runTool, setting } from './lib.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ffmpeg (or any binary) in the background; its stderr shown with BENCH_DEBUG. */
export function start(binary, args, { stdin = 'ignore' } = {}) {
  return spawn(binary, args, { stdio: [stdin, 'ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'] });
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGKILL');
  await closed;
}

const PASSWORD = 'bench-live-passphrase-2026';
const STUDIO_MODULES = ['SPORT_EVENTS', 'AWS_STREAM', 'STREAM', 'DVR', 'STREAM_CLIPPING', 'VIDEOS'];
const STUDIO_ROLES = ['use_stream', 'sport_player_write', 'liveclipping_write', 'video_write'];

async function login(url, username, password) {
  const response = await fetch(`${url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
  return response.json();
}

/**
 * A studio account made by the demo platform admin (as the browser tests make theirs): live
 * inputs, events and clipping, one user with the live roles; answers that user's `api`. Each
 * account may have LIVE_LIMITS.simultaneousLiveInputs (4) inputs on air: the capacity part spreads
 * its inputs over several studios, that limit being the account's policy, not the machine's.
 * `modules` and `roles` add to the studio's (the import bench's data feeds: IMPORTDATA).
 */
export async function studio(url, name, { modules = [], roles = [] } = {}) {
  const admin = await login(url, 'admin', 'regie-demo');
  const asAdmin = apiClient(url, admin.accessToken, { 'x-account-key': admin.accountKey });
  const account = await asAdmin('POST', '/users-service-api/accounts', {
    name,
    modules: [...new Set([...STUDIO_MODULES, ...modules])],
  });
  // Acting for the new account needs an acting session with a reason (issue 26).
  const accountKey = await actFor(url, admin.accessToken, account.id, 'Benchmark: a studio account');
  const acting = apiClient(url, admin.accessToken, { 'x-account-key': accountKey });
  const group = await acting('POST', '/users-service-api/groups', {
    name: 'Live desk',
    roles: [...new Set([...STUDIO_ROLES, ...roles])],
  });
  const username = `bench.live.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await acting('POST', '/users-service-api/users', {
    username,
    name: 'Bench live desk',
    password: PASSWORD,
    groups: [group.id],
  });
  const session = await login(url, username, PASSWORD);
  return { api: apiClient(url, session.accessToken), token: session.accessToken, accountId: account.id };
}

/** A live input of the studio and where its encoder publishes (ingest URL and key). */
export async function liveInput(api, name, latencyMode) {
  const input = await api('POST', '/main-api/streams', { name, latencyMode });
  const { streamKey } = await api('GET', `/main-api/streams/${input.id}/key`);
  return { ...input, publishUrl: `${input.ingestUrl}/${streamKey}` };
}

/** A URL the API gives (absolute with the public URL, or a path) as one on this server. */
export function onServer(url, given) {
  const parsed = new URL(given, url);
  return `${url}${parsed.pathname}${parsed.search}`;
}

/**
 * The seconds of the pre-encoded publisher file (BENCH_SMOKE=1: 10, it loops all the same); its
 * GOP is 1 s (25 frames), what 1 s segments need.
 */
export const PUBLISHED_SECONDS = Number(setting('BENCH_LIVE_PUBLISHED_SECONDS', 60, 10));

/**
 * One 60 s 720p25 H.264 (3 Mbit/s, a keyframe every second) + AAC file, encoded once: the
 * publishers push it in a loop with `-c copy`, so that N encoders cost almost nothing and the
 * CPU measured is the server's.
 */
export async function prerecorded(work) {
  const file = join(work, 'published-720p.mp4');
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${PUBLISHED_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${PUBLISHED_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '3000k', '-maxrate', '3000k'],
    ...['-bufsize', '6000k', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
  ]);
  return file;
}

/** An encoder pushing the pre-encoded file in real time, in a loop, without re-encoding it. */
export function pushFile(file, publishUrl) {
  return start('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', file],
    ...['-c', 'copy', '-f', 'flv', publishUrl],
  ]);
}

/** A media playlist's segments: sequence, URI, duration and program date (ms), in order. */
export function playlistSegments(text) {
  const segments = [];
  let sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
  let duration = null;
  let programDate = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) programDate = Date.parse(line.slice(25));
    else if (line && !line.startsWith('#')) {
      const named = /(\d+)\.ts/.exec(line);
      segments.push({ sequence: named ? Number(named[1]) : sequence, uri: line, duration, programDate });
      sequence += 1;
      duration = null;
      programDate = null;
    }
  }
  return segments;
}

/** GET of a signed media URL's text (a playlist); throws on an error status. */
export async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.text();
}

/** GET of a signed media URL into a file. */
export async function download(url, file) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
}

/** A PNG of one colour (a skin image). */
export async function colourPng(work, colour, size) {
  const file = join(work, `${colour}-${size}.png`);
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:size=${size}`],
    ...['-frames:v', '1', file],
  ]);
  return file;
}
