// The cluster kill suite (issue 27 "Tests"): one local cluster (scripts/cluster.mjs: 2 API
// processes, 2 workers, 4 live nodes behind nginx, on a PostgreSQL server and a Redis of its own)
// started once for the file, and each part killed with kill -9 while it works: a worker
// mid-encode, the API process holding a browser's WebSocket, the one that took an upload's last
// part, the one that handed out a list cursor, a live node playing a video into an input, one
// receiving an encoder, one pushing an input to a platform; then PostgreSQL stopped and started
// during calls. Every call goes through nginx, as a browser's or an encoder's would. A case that
// kills an API process first starts again the one an earlier case killed (apisWhole).
// Skipped, with the reason, where nginx, ffmpeg, PostgreSQL's initdb or the build is missing.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { HEADER_ACCEPT_VERSION, paths, resourcePath } from '@regie/contract/api';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@regie/contract/demo';
import { livePaths, SEGMENT_SECONDS } from '@regie/contract/live';
import { liveConvertPaths } from '@regie/contract/live.convert';
import { MESSAGES_PATH } from '@regie/contract/realtime';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import { tagsResource } from '@regie/contract/resources/tags';
import { simulcastPaths } from '@regie/contract/simulcast';
import { STORAGE_KEYS } from '@regie/contract/ui';
import { videoPaths } from '@regie/contract/videos';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  alive,
  clusterMissing,
  ENCODER_FPS,
  holderPid,
  indexedSegments,
  killNine,
  metric,
  readMediaPlaylist,
  startCluster,
  startEncoder,
  startPrivatePostgres,
  startPrivateRedis,
  startSink,
  until,
} from './cluster-harness.mjs';

const run = promisify(execFile);
const reason = clusterMissing();
const CHROMIUM = '/usr/bin/chromium';
const browserReason = existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM}`;
/** The issue's bound on a lease's takeover after its holder died (10 s life + 2 s claim, and margin). */
const TAKEOVER_BOUND_MS = 15_000;

let postgres;
let redis;
let cluster;
let db;
let http;
const work = mkdtempSync(join(tmpdir(), 'regie-cluster-kill-'));
/** Encoders and sinks this file started: stopped at the end whatever happens. */
const children = new Set();
/** Processes this file killed on purpose: every other one must still run at the end. */
const killed = new Set();
const tokens = {};

/** The surviving live node that holds `lease` once its killed holder's lease ran out. */
function takenOver(lease, what) {
  const others = cluster.role('live').filter((entry) => !killed.has(entry.pid));
  return until(
    async () => {
      const pid = holderPid(await leaseHolder(lease));
      return others.find((entry) => entry.pid === pid);
    },
    what,
    { timeoutMs: TAKEOVER_BOUND_MS + 10_000, intervalMs: 100 },
  );
}

beforeAll(async () => {
  if (reason) return;
  postgres = await startPrivatePostgres();
  redis = await startPrivateRedis();
  cluster = await startCluster({
    // The API processes take the ports above it (+1, +2), the live nodes' probes +11, +12 and the
    // workers' +21, +22.
    httpPort: 3500,
    rtmpPort: 19600,
    ingestPort: 19601,
    pgBase: postgres.url,
    redisUrl: redis?.url,
    // Four live nodes: the conversion case kills one, the encoder's reconnection case another
    // (two left, one to reconnect to), the simulcast case a third (which leaves one, receiving the
    // encoder and pushing: a push reading an input on another node is to come).
    live: Number(process.env.CLUSTER_KILL_LIVE ?? 4),
    env: {
      // A dead worker's encode is taken over once its job lease (30 s by default) runs out.
      REGIE_JOB_LEASE_SECONDS: '5',
      REGIE_JOB_POLL_MS: '250',
      // users/me answers from the signed-in cache (30 s by default) while PostgreSQL is away: with
      // a short one the outage shows in the calls within seconds.
      REGIE_AUTH_CACHE_TTL_SECONDS: '5',
    },
  });
  http = cluster.list.http;
  db = new pg.Client({ connectionString: cluster.list.database });
  await db.connect();
  // A lost connection (the PostgreSQL restart below) must not crash the test process.
  db.on('error', () => undefined);
  for (const username of ['editor', 'producer', 'simulcaster', 'admin']) tokens[username] = await login(username);
}, 300_000);

afterAll(async () => {
  for (const child of children) child.stop();
  await db?.end().catch(() => undefined);
  const stopped = await cluster?.stop();
  if (stopped) console.info(`cluster-kill: the cluster stopped (${JSON.stringify(stopped)})`);
  await redis?.stop();
  await postgres?.remove();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

async function login(username) {
  const response = await fetch(`${http}${paths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${username} not signed in: ${response.status} ${await response.text()}`);
  return (await response.json()).accessToken;
}

/** A call through nginx; answers the parsed body, or throws with the status and body. */
async function call(method, path, token, body, { expect: status, headers = {} } = {}) {
  const response = await fetch(`${http}${path}`, {
    method,
    headers: {
      ...headers,
      [HEADER_ACCEPT_VERSION]: 'v6',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (status ? response.status !== status : !response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  }
  return text ? JSON.parse(text) : null;
}

const query = async (sql, values = []) => (await db.query(sql, values)).rows;

/** A video made by ffmpeg (testsrc2 and a tone), uploaded through the parts API; answers the completion. */
async function uploadVideo(token, seconds, size = '1280x720', headers = {}) {
  const file = join(work, `match-${Date.now()}.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'],
    ...['-c:a', 'aac', '-b:a', '96k', file],
  ]);
  const data = readFileSync(file);
  const session = await call(
    'POST',
    videoPaths.uploadUrlMultipart,
    token,
    { filename: 'match.mp4', size: data.length, contentType: 'video/mp4' },
    { headers },
  );
  for (const { partNumber } of session.parts) {
    const start = (partNumber - 1) * session.partSize;
    const response = await fetch(`${http}${videoPaths.uploadPart(session.uploadId, partNumber)}`, {
      method: 'PUT',
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: data.subarray(start, Math.min(data.length, start + session.partSize)),
    });
    if (!response.ok) throw new Error(`part ${partNumber}: ${response.status} ${await response.text()}`);
  }
  return call('POST', videoPaths.uploadCompleteMultipart, token, { uploadId: session.uploadId }, { headers });
}

/** The shared storage (s3rver), as every process reads it. */
function s3() {
  return new S3Client({
    endpoint: cluster.list.s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

async function storedKeys(prefix) {
  const keys = [];
  let token;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: cluster.list.s3.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

async function storedText(key) {
  const response = await fetch(`${cluster.list.s3.endpoint}/${cluster.list.s3.bucket}/${key}`);
  if (!response.ok) throw new Error(`${key}: ${response.status}`);
  return response.text();
}

/** Every file an HLS master playlist names, from the master down, relative to its folder. */
async function referencedFiles(folder) {
  const referenced = new Set(['master.m3u8']);
  const uris = (text) => [
    ...text.split('\n').filter((line) => line.trim() && !line.startsWith('#')),
    ...[...text.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]),
  ];
  for (const variant of uris(await storedText(`${folder}master.m3u8`))) {
    referenced.add(variant.trim());
    for (const file of uris(await storedText(`${folder}${variant.trim()}`))) {
      referenced.add(posix.join(posix.dirname(variant.trim()), file.trim()));
    }
  }
  return referenced;
}

/** The process holding a lease now (its holder name), or undefined when none holds it. */
async function leaseHolder(name) {
  const [row] = await query("select holder from leases where name = $1 and expires_at > now() and holder <> ''", [
    name,
  ]);
  return row?.holder;
}

/** The listed process of this pid (a lease holder's, a worker's). */
const processOf = (pid) => cluster.list.processes.find((entry) => entry.pid === pid);

async function kill(entry) {
  killed.add(entry.pid);
  await killNine(entry.pid);
}

/** The requests an API process answered, by method, route pattern and status (its /metrics). */
const COUNT = 'regie_http_request_duration_seconds_count';

/** Reads, for each of `apis`, how many `method route` calls it answered 200 so far. */
function answered(apis, method, route) {
  return () =>
    Promise.all(
      apis.map(async (entry) => (await metric(entry.port, COUNT, { method, route, status_code: '200' })) ?? 0),
    );
}

/**
 * The one of `apis` that answered the call just made: its count (`counts`, from answered())
 * went past `before`. Polled: a process counts a call once its answer is sent, so maybe only
 * after the client read it.
 */
async function servedNow(apis, counts, before, what) {
  const rose = await until(
    async () => {
      const now = await counts();
      const indexes = now.flatMap((count, index) => (count > before[index] ? [index] : []));
      return indexes.length > 0 ? indexes : undefined;
    },
    what,
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  expect(rose, `${what}: one process answered it`).toHaveLength(1);
  return apis[rose[0]];
}

/**
 * The API processes, each killed by an earlier case started again (the cluster's script does not
 * restart them) and taking calls through nginx again: a case that kills one needs the other to
 * go on, and a second dead one would leave none.
 */
async function apisWhole() {
  for (const entry of cluster.role('api').filter((each) => killed.has(each.pid))) {
    const startedAt = Date.now();
    const fresh = await cluster.restart(entry.name);
    const ready = Date.now() - startedAt;
    // nginx leaves a server that refused a connection alone for 10 s (fail_timeout), then tries it
    // again: until it passes calls to the new process, killing the other would leave none.
    await until(
      async () => {
        await call('GET', paths.me, tokens.admin);
        return (await metric(fresh.port, COUNT, { method: 'GET', route: paths.me, status_code: '200' })) > 0;
      },
      `nginx to pass calls to ${entry.name} started again`,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    console.info(
      `cluster-kill: ${entry.name} started again (pid ${fresh.pid}), ready after ${(ready / 1000).toFixed(1)} s, taking calls through nginx after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
  }
  const apis = cluster.role('api');
  for (const entry of apis) expect(alive(entry.pid), `${entry.name} (pid ${entry.pid})`).toBe(true);
  return apis;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** A media file's duration in seconds, as ffprobe reads it. */
async function probedDuration(file) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

describe.skipIf(reason)(`the cluster under kill -9${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('a worker killed mid-encode: the other worker finishes the video, one ladder, ready once', async () => {
    // Long enough to be still encoding when the worker is found (10 s of video ran past 80 % while
    // the workers' metrics were read, on a quiet machine).
    const { video, job } = await uploadVideo(tokens.editor, 24);
    // Mid-encode: ffmpeg reporting (the probe is done at 2 %, the ladder runs up to 80 %).
    await until(
      async () => {
        const [row] = await query('select state, progress from jobs where id = $1', [job.id]);
        return row?.state === 'in_progress' && row.progress > 5;
      },
      'the encode to be under way',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    // The worker encoding is the one with an ffmpeg (no other work runs: no demo videos).
    const workers = cluster.role('worker');
    const encoding = [];
    for (const worker of workers) {
      if ((await metric(worker.port, 'regie_ffmpeg_processes')) > 0) encoding.push(worker);
    }
    expect(encoding).toHaveLength(1);
    const [victim] = encoding;
    const [before] = await query('select progress, attempts from jobs where id = $1', [job.id]);
    await kill(victim);
    // It was killed mid-ladder, not while storing what it had made.
    expect(before.progress).toBeLessThan(80);
    expect((await query('select state from videos where id = $1', [video.id]))[0].state).toBe('processing');

    const done = await until(
      async () => {
        const [row] = await query('select state, attempts, locked_by, last_error from jobs where id = $1', [job.id]);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      'the encode to finish on the other worker',
      { timeoutMs: 180_000, intervalMs: 250 },
    );
    expect(done.state, JSON.stringify(done.last_error)).toBe('done');
    expect(done.attempts).toBe(2);
    expect(done.locked_by).toBeNull();
    // One encode job for the video, done once.
    const encodes = await query(
      "select id from jobs where type = 'video.encode' and resource_type = 'Video' and resource_id = $1",
      [String(video.id)],
    );
    expect(encodes.map((row) => Number(row.id))).toEqual([job.id]);
    const shown = await call('GET', videoPaths.video(video.id), tokens.editor);
    expect(shown).toMatchObject({ id: video.id, state: 'ready' });

    // One ladder: every stored file of the HLS folder is one its playlists name, and each is there.
    const [row] = await query('select hls_key from videos where id = $1', [video.id]);
    const folder = row.hls_key.slice(0, row.hls_key.lastIndexOf('/') + 1);
    const stored = (await storedKeys(folder)).map((key) => key.slice(folder.length));
    expect(new Set(stored)).toEqual(await referencedFiles(folder));
  }, 300_000);

  it.skipIf(browserReason)(
    `the API process holding a browser's WebSocket: the page reconnects through nginx and shows a toast, still signed in${browserReason ? ` (skipped: ${browserReason})` : ''}`,
    async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`${http}/login`);
        await page.getByLabel(/^(Username|Identifiant)/).fill('admin');
        await page.getByLabel(/^(Password|Mot de passe)/).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
        await page.goto(`${http}/dashboard`);
        const apis = cluster.role('api').filter((entry) => !killed.has(entry.pid));
        expect(apis).toHaveLength(2);
        const sockets = async (entry) => (await metric(entry.port, 'regie_websockets_open')) ?? 0;
        // The page's one socket: nginx passed its upgrade to one API process.
        const holder = await until(
          async () => {
            const counts = await Promise.all(apis.map(sockets));
            return counts.reduce((sum, count) => sum + count, 0) === 1 ? apis[counts.indexOf(1)] : undefined;
          },
          "the page's WebSocket to open",
          { timeoutMs: 60_000, intervalMs: 250 },
        );
        const other = apis.find((entry) => entry !== holder);
        await kill(holder);
        // The page reconnects (its backoff: about a second) through nginx, to the other process.
        await until(async () => (await sockets(other)) === 1, 'the page to reconnect to the other API process', {
          timeoutMs: 60_000,
          intervalMs: 250,
        });
        // A toast reaches the sockets subscribed when it is sent (best effort): sent again until
        // the page shows one, as an operator would send it again.
        let shown = null;
        for (let attempt = 1; attempt <= 10 && !shown; attempt += 1) {
          const text = `Cluster check ${attempt}: api ${holder.name} went away`;
          await call('POST', MESSAGES_PATH, tokens.admin, { text, type: 'info' }, { expect: 202 });
          shown = await page
            .getByText(text)
            .waitFor({ state: 'visible', timeout: 3_000 })
            .then(() => text)
            .catch(() => null);
        }
        expect(shown, 'a toast shown after the reconnection').not.toBeNull();
        // Still signed in: on a signed-in page, and the session answers through the other process.
        expect(new URL(page.url()).pathname).not.toMatch(/^\/login/);
        const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
        const me = await call('GET', paths.me, JSON.parse(stored ?? '{}').accessToken);
        expect(me.username).toBe('admin');
      } finally {
        await browser.close();
      }
    },
    180_000,
  );

  // Issue 27: "an upload in parts … continues on another API process after the first dies". The
  // parts live in the shared storage's multipart upload and the session in PostgreSQL, so the
  // process that took a part holds nothing the next part needs.
  it('an upload in parts, the API process that took the last part killed: the client resumes through nginx on the other, one original, encoded once', async () => {
    const apis = await apisWhole();
    const token = tokens.editor;
    // A clip of a known length, large enough for 3 parts of 8 MiB (VIDEO_PART_SIZE): MPEG-2 at a
    // constant 40 Mb/s makes about 20 MB of 4 s, in under a second, whatever the picture.
    const seconds = 4;
    const file = join(work, 'in-parts.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'mpeg2video', '-b:v', '40M', '-minrate', '40M', '-maxrate', '40M'],
      ...['-bufsize', '4M', '-g', '25', '-c:a', 'aac', '-b:a', '96k', file],
    ]);
    const data = readFileSync(file);
    const duration = await probedDuration(file);
    const session = await call(
      'POST',
      videoPaths.uploadUrlMultipart,
      token,
      { filename: 'in-parts.mp4', size: data.length, contentType: 'video/mp4' },
      { expect: 201 },
    );
    const { uploadId, parts } = session;
    expect(parts.length, `${data.length} bytes in parts of ${session.partSize}`).toBeGreaterThanOrEqual(3);
    /** One part's PUT through nginx, as the web app sends it: the raw bytes. */
    const sendPart = async ({ partNumber, size }) => {
      const start = (partNumber - 1) * session.partSize;
      const response = await fetch(`${http}${videoPaths.uploadPart(uploadId, partNumber)}`, {
        method: 'PUT',
        headers: {
          [HEADER_ACCEPT_VERSION]: 'v6',
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
        },
        body: data.subarray(start, start + size),
        signal: AbortSignal.timeout(60_000),
      }).catch((error) => ({ status: 0, text: async () => String(error) }));
      const text = await response.text();
      return { partNumber, status: response.status, body: response.status === 200 ? JSON.parse(text) : text };
    };
    const partRoute = videoPaths.uploadPart(':uploadId', ':partNumber');
    const stored = answered(apis, 'PUT', partRoute);

    // Every part but the last, each one's process read from the API processes' counters.
    const servedBy = [];
    for (const part of parts.slice(0, -1)) {
      const before = await stored();
      const answer = await sendPart(part);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ partNumber: part.partNumber, size: part.size });
      servedBy.push(await servedNow(apis, stored, before, `part ${part.partNumber} counted`));
    }
    const victim = servedBy.at(-1);
    const other = apis.find((entry) => entry !== victim);
    const beforeKill = await stored();
    const killedAt = Date.now();
    await kill(victim);

    // As the web app resumes an upload: the session says which parts the server has, the others
    // are sent, and a part whose call failed is sent again (a bounded number of rounds).
    const sent = [];
    const received = [];
    for (let round = 1; ; round += 1) {
      const { receivedParts } = await call('GET', videoPaths.uploadSession(uploadId), token);
      received.push(receivedParts);
      const missing = parts.filter((part) => !receivedParts.includes(part.partNumber));
      if (missing.length === 0) break;
      expect(round, `rounds of the parts not received (${sent.join(', ')})`).toBeLessThanOrEqual(3);
      for (const part of missing) {
        const answer = await sendPart(part);
        sent.push(`${part.partNumber}: ${answer.status}`);
      }
    }
    // The parts sent after the kill were stored by the other process (counted once answered).
    await until(
      async () =>
        (await metric(other.port, COUNT, { method: 'PUT', route: partRoute, status_code: '200' })) >
        beforeKill[apis.indexOf(other)],
      `${other.name} to count the parts sent after the kill`,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const completed = await call('POST', videoPaths.uploadCompleteMultipart, token, { uploadId }, { expect: 202 });
    const resumed = Date.now() - killedAt;
    expect(completed.video.id).toBe(session.videoId);
    // `uploaded`, or already `processing` when the worker took the job before the answer was made.
    expect(['uploaded', 'processing']).toContain(completed.video.state);
    expect(completed.job).toMatchObject({ type: 'video.encode', resourceType: 'Video' });
    expect(completed.job.resourceId).toBe(String(session.videoId));

    // Every part once, and the original stored is the file sent, byte for byte.
    const closed = await call('GET', videoPaths.uploadSession(uploadId), token);
    expect(closed.state).toBe('completed');
    expect(closed.receivedParts).toEqual(parts.map((part) => part.partNumber));
    const rows = await query('select part_number from upload_parts where session_id = $1 order by part_number', [
      uploadId,
    ]);
    expect(rows.map((row) => row.part_number)).toEqual(parts.map((part) => part.partNumber));
    const [video] = await query('select original_key from videos where id = $1', [session.videoId]);
    const original = await fetch(`${cluster.list.s3.endpoint}/${cluster.list.s3.bucket}/${video.original_key}`);
    expect(original.status).toBe(200);
    const bytes = Buffer.from(await original.arrayBuffer());
    expect(bytes.length).toBe(data.length);
    expect(sha256(bytes)).toBe(sha256(data));

    // Encoded (by the worker left), once, to ready with the clip's length.
    const done = await until(
      async () => {
        const [row] = await query('select state, attempts, last_error from jobs where id = $1', [completed.job.id]);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      'the encode of the uploaded video',
      { timeoutMs: 180_000, intervalMs: 250 },
    );
    expect(done.state, JSON.stringify(done.last_error)).toBe('done');
    const encodes = await query(
      "select id from jobs where type = 'video.encode' and resource_type = 'Video' and resource_id = $1",
      [String(session.videoId)],
    );
    expect(encodes.map((row) => Number(row.id))).toEqual([completed.job.id]);
    const shown = await call('GET', videoPaths.video(session.videoId), token);
    console.info(
      `cluster-kill: upload of ${data.length} bytes in ${parts.length} parts of ${session.partSize}: parts ${servedBy.map((entry, index) => `${index + 1} by ${entry.name}`).join(', ')}, then kill -9 of ${victim.name}; after it the session had ${received.map((list) => `[${list.join(',')}]`).join(' then ')}, parts sent ${sent.join(', ')}; completed ${(resumed / 1000).toFixed(1)} s after the kill; encoded in ${done.attempts} attempt(s), ${shown.duration} s (the file: ${duration.toFixed(2)} s)`,
    );
    expect(shown).toMatchObject({ id: session.videoId, state: 'ready' });
    expect(shown.duration).toBeCloseTo(duration, 1);
    expect(shown.duration).toBeCloseTo(seconds, 0);
  }, 300_000);

  it('a list cursor handed out by an API process killed before the next page: the pages read through nginx on the other continue the list, no row twice, none skipped', async () => {
    const apis = await apisWhole();
    const token = tokens.producer;
    const base = resourcePath(tagsResource);
    // Rows of its own, found by a search: pages of 10, 10 and 5.
    const rowsWanted = 25;
    const limit = 10;
    const pageSizes = Array.from({ length: Math.ceil(rowsWanted / limit) }, (_, page) =>
      Math.min(limit, rowsWanted - page * limit),
    );
    for (let n = 1; n <= rowsWanted; n += 1) {
      await call('POST', base, token, { name: `Cursor check ${String(n).padStart(2, '0')}` }, { expect: 201 });
    }
    const list = (query) => `${base}?search=${encodeURIComponent('Cursor check')}&${query}`;
    // The whole list in one read, to compare the pages to.
    const whole = await call('GET', list(`limit=${LIST_LIMITS.maxLimit}`), token);
    expect(whole.data).toHaveLength(rowsWanted);
    expect(whole.nextCursor).toBeNull();
    const read = answered(apis, 'GET', base);
    const before = await read();
    const first = await call('GET', list(`limit=${limit}`), token);
    const victim = await servedNow(apis, read, before, 'the first page counted');
    const other = apis.find((entry) => entry !== victim);
    expect(first.nextCursor).toEqual(expect.any(String));
    await kill(victim);

    // The next pages, by the cursor the dead process handed out, to the end.
    const pages = [first];
    while (pages.at(-1).nextCursor) {
      const after = encodeURIComponent(pages.at(-1).nextCursor);
      pages.push(await call('GET', list(`limit=${limit}&after=${after}`), token));
      expect(pages.length, 'pages read').toBeLessThanOrEqual(pageSizes.length);
    }
    // The pages after the kill were answered by the other process (counted once each answer is sent).
    const readBefore = before[apis.indexOf(other)];
    const readOn = await until(
      async () => {
        const count = (await metric(other.port, COUNT, { method: 'GET', route: base, status_code: '200' })) ?? 0;
        return count >= readBefore + pages.length - 1 ? count : undefined;
      },
      `${other.name} to count the pages read after the kill`,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const later = pages.slice(1).map((page, index) => `${index + 2} (${page.data.length} rows)`);
    console.info(
      `cluster-kill: ${rowsWanted} tags in pages of ${limit}: page 1 by ${victim.name}, then kill -9 of it; pages ${later.join(', ')} through nginx by ${other.name} (its list calls: ${readBefore} before, ${readOn} after)`,
    );
    expect(pages.map((page) => page.data.length)).toEqual(pageSizes);
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(whole.data.map((row) => row.id));
  }, 180_000);

  // Started through nginx, so on an API process (no live role): the live nodes take it by its lease.
  it('the live node playing a video into an input: another resumes it within 15 s from its saved position', async () => {
    // What the processes said about it, when it fails.
    let conversionId = null;
    onTestFailed(async () => {
      const said = cluster.lines.filter((line) => /conver|lease|ingest|publish/i.test(line));
      console.info(`cluster-kill: the cluster's lines on conversions:\n${said.slice(-80).join('\n')}`);
      const rows = await query('select * from live_conversions where id = $1', [conversionId]).catch(() => []);
      const leases = await query("select * from leases where name like 'conversion:%'").catch(() => []);
      console.info(`cluster-kill: the conversion ${JSON.stringify(rows)}, its leases ${JSON.stringify(leases)}`);
    });
    // The organiser's live operators run inputs; their group may upload videos here too (no demo
    // user does both), and the simulcaster signs in again to carry the new role.
    await query(
      `insert into group_roles (group_id, role_id)
         select g.id, r.id from groups g join accounts a on a.id = g.account_id, roles r
          where a.name = $1 and g.name = 'Live operators' and r.name = 'video_write'
       on conflict do nothing`,
      [DEMO_ACCOUNTS.events],
    );
    const token = await login('simulcaster');
    const headers = {};
    // Long enough to be playing through the kill and the takeover: 60 s, small to encode fast.
    const { video, job } = await uploadVideo(token, 60, '320x180', headers);
    await until(
      async () => (await query('select state from jobs where id = $1', [job.id]))[0]?.state === 'done',
      'the video encoded',
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const input = await call('POST', livePaths.list, token, { name: 'Aired video', latencyMode: '1s' }, { headers });
    const conversion = await call(
      'POST',
      liveConvertPaths.upload(video.id),
      token,
      { inputId: input.id },
      { expect: 202, headers },
    );
    conversionId = conversion.id;
    const lease = `conversion:${conversion.id}`;
    const position = async () =>
      (await query('select position_seconds from live_conversions where id = $1', [conversion.id]))[0]
        ?.position_seconds ?? 0;
    // Playing, and its position kept (every 2 s).
    await until(async () => (await position()) > 2, 'the conversion position to be kept', { timeoutMs: 60_000 });
    const node = processOf(holderPid(await leaseHolder(lease)));
    expect(node?.role).toBe('live');
    const positionAtKill = await position();
    const killedAt = Date.now();
    await kill(node);

    const other = await takenOver(lease, 'the conversion taken over');
    const takeover = Date.now() - killedAt;
    // Resumed from where it was, not from the start: the position goes on past its value at the kill.
    await until(async () => (await position()) > positionAtKill, 'the conversion to go on past its position', {
      timeoutMs: TAKEOVER_BOUND_MS + 10_000,
    });
    const resumed = Date.now() - killedAt;
    console.info(
      `cluster-kill: conversion taken over by ${other.name} ${(takeover / 1000).toFixed(1)} s after kill -9 of ${node.name}, its position past ${positionAtKill.toFixed(1)} s after ${(resumed / 1000).toFixed(1)} s`,
    );
    expect(takeover).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    await call('DELETE', liveConvertPaths.upload(video.id), token, undefined, { expect: 204, headers });
  }, 240_000);

  // Issue 27: "the live node receiving an encoder → ffmpeg reconnects through nginx to the other
  // node; the index continues without a duplicate sequence; the DVR playlist plays across the gap".
  it('the live node receiving an encoder: ffmpeg reconnects through nginx to another, which numbers the index on without a duplicate, and the DVR playlist plays across the gap', async () => {
    const token = tokens.simulcaster;
    const input = await call('POST', livePaths.list, token, { name: 'Reconnecting camera', latencyMode: '1s' });
    const segmentSeconds = SEGMENT_SECONDS[input.latencyMode];
    const lease = `live-input:${input.id}`;
    onTestFailed(async () => {
      const said = cluster.lines.filter((line) => /live|lease|ingest|packager|publish/i.test(line));
      console.info(`cluster-kill: the cluster's lines on live inputs:\n${said.slice(-80).join('\n')}`);
      const rows = await indexedSegments(db, input.id).catch(() => []);
      const leases = await query('select * from leases where name = $1', [lease]).catch(() => []);
      console.info(`cluster-kill: the input's index ${JSON.stringify(rows)}, its lease ${JSON.stringify(leases)}`);
    });
    const { streamKey } = await call('GET', livePaths.key(input.id), token);
    // An encoder publishing through nginx's RTMP port, started again when its connection drops.
    const encoder = startEncoder(`${cluster.list.rtmp}/${streamKey}`);
    children.add(encoder);
    // The DVR playlist through nginx, as a player reads it (the URL carries its `?t=` token).
    const { pathname, search } = new URL(input.playback.dvrUrl, http);
    const dvrUrl = `${http}${pathname}${search}`;
    const watcher = watchPlaylist(dvrUrl);
    try {
      await until(async () => (await indexedSegments(db, input.id)).length >= 3, 'three segments indexed', {
        timeoutMs: 60_000,
        intervalMs: 250,
      });
      const [held] = await query('select holder, token from leases where name = $1', [lease]);
      const node = processOf(holderPid(held?.holder));
      expect(node?.role).toBe('live');
      const killedAt = Date.now();
      await kill(node);

      // The encoder, cut off with its node, connects again through nginx to a surviving node,
      // which keeps it waiting until the dead node's lease runs out, then takes the input.
      const other = await takenOver(lease, 'the input taken over by the node the encoder reconnected to');
      const takeover = Date.now() - killedAt;
      // The new node's segments: written under its lease, a newer token than the dead node's.
      const ofNewNode = async () =>
        (await indexedSegments(db, input.id)).filter((segment) => segment.leaseToken > Number(held.token));
      const firstNew = await until(async () => (await ofNewNode())[0], 'a new segment indexed', { timeoutMs: 60_000 });
      const indexed = Date.now() - killedAt;
      const listedAt = await until(() => watcher.listedAt(firstNew.sequence), 'the new segment in the DVR playlist', {
        timeoutMs: 30_000,
      });
      const listed = listedAt - killedAt;
      // A few more, so that the DVR window has a run on each side of the gap.
      await until(async () => (await ofNewNode()).length >= 3, 'three segments indexed by the new node', {
        timeoutMs: 60_000,
        intervalMs: 250,
      });
      // What a player read during the gap: never an ended playlist (#EXT-X-ENDLIST stops it). The
      // live nodes' sweep leaves a dead node's input live for a lease's life after its lease ran
      // out (idleUnleasedInputs' grace), so the new node takes it over before it could be idled.
      const duringGap = watcher.stop().filter((read) => read.at > killedAt && read.at < listedAt);
      const endedAt = duringGap
        .filter((read) => read.ended)
        .map((read) => `+${((read.at - killedAt) / 1000).toFixed(1)} s`);
      console.info(
        `cluster-kill: input ${input.id} taken over by ${other.name} ${(takeover / 1000).toFixed(1)} s after kill -9 of ${node.name}; first new segment (${firstNew.sequence}) indexed after ${(indexed / 1000).toFixed(1)} s (${(indexed / 1000 / segmentSeconds).toFixed(1)} segments of ${segmentSeconds} s), in the DVR playlist through nginx after ${(listed / 1000).toFixed(1)} s; the encoder connected ${encoder.connections()} times; the DVR playlist read during the gap: ${compress(duringGap.map((read) => (read.ended ? `${read.status} ended` : read.status)))}${endedAt.length > 0 ? ` (ended at ${endedAt.join(', ')})` : ''}`,
      );
      expect(takeover).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
      expect(encoder.connections()).toBeGreaterThanOrEqual(2);
      expect(endedAt, 'DVR playlist reads that said the stream ended').toEqual([]);

      // One index on both sides of the gap: the DVR playlist numbers its segments from its
      // media sequence, one after the other (none twice, none skipped), as the index holds them,
      // and the new node's run opens with a discontinuity right after the dead node's last.
      const text = await until(
        async () => {
          const response = await fetch(dvrUrl, { signal: AbortSignal.timeout(10_000) });
          const read = response.ok ? await response.text() : '';
          return read && !readMediaPlaylist(read).ended ? read : undefined;
        },
        'the DVR playlist, live',
        { timeoutMs: 15_000, intervalMs: 250 },
      );
      const playlist = readMediaPlaylist(text);
      const sequences = playlist.segments.map((segment) => Number(/^(\d+)\.ts\?/.exec(segment.uri)?.[1]));
      expect(sequences).toEqual(sequences.map((_, index) => playlist.mediaSequence + index));
      const index = await indexedSegments(db, input.id);
      expect(sequences).toEqual(index.slice(0, sequences.length).map((segment) => segment.sequence));
      const gap = sequences.indexOf(firstNew.sequence);
      expect(gap).toBeGreaterThan(0);
      expect(playlist.segments[gap].discontinuity, 'an EXT-X-DISCONTINUITY before the new run').toBe(true);
      const before = playlist.segments.slice(0, gap);
      const after = playlist.segments.slice(gap);
      // On the wall clock, the new run starts after the dead node's last segment ended.
      const lastBefore = before.at(-1);
      const lost = (after[0].programDateTime - lastBefore.programDateTime) / 1000 - lastBefore.duration;
      expect(lost).toBeGreaterThan(0);
      for (let at = 1; at < playlist.segments.length; at += 1) {
        expect(playlist.segments[at].programDateTime).toBeGreaterThan(playlist.segments[at - 1].programDateTime);
      }

      // Every segment it lists answers through nginx.
      for (const segment of playlist.segments) {
        const file = await fetch(new URL(segment.uri, dvrUrl));
        const bytes = (await file.arrayBuffer()).byteLength;
        expect(file.status, segment.uri).toBe(200);
        expect(bytes, segment.uri).toBeGreaterThan(0);
      }
      // A player reads it across the gap: ffprobe reads the window as a complete playlist (each
      // segment through nginx) and finds its video packets, ENCODER_FPS a second, on both sides
      // (a segment's worth of slack: a missing segment on either side would fall short).
      const sum = (segments) => segments.reduce((total, segment) => total + segment.duration, 0);
      const probed = await probePlaylist(dvrUrl, text);
      console.info(
        `cluster-kill: the DVR playlist: ${sequences.length} segments (${sequences[0]}–${sequences.at(-1)}), ${sum(before).toFixed(1)} s before the gap and ${sum(after).toFixed(1)} s after it, ${lost.toFixed(1)} s of the live lost; ffprobe read ${probed.duration.toFixed(1)} s and ${probed.packets} video packets (${ENCODER_FPS} fps)`,
      );
      expect(probed.duration).toBeGreaterThan(sum(before) + sum(after) - segmentSeconds);
      expect(probed.packets).toBeGreaterThanOrEqual(
        Math.floor((sum(before) + sum(after) - segmentSeconds) * ENCODER_FPS),
      );
    } finally {
      watcher.stop();
      encoder.stop();
    }
  }, 240_000);

  it('the live node pushing a simulcast target: another takes the target over within 15 s, the platform never sees two publishers', async () => {
    const token = tokens.simulcaster;
    const input = await call('POST', livePaths.list, token, { name: 'Cluster kill', latencyMode: '1s' });
    const { streamKey } = await call('GET', livePaths.key(input.id), token);
    // An encoder publishing through nginx's RTMP port, reconnecting when its connection drops.
    const encoder = startEncoder(`${cluster.list.rtmp}/${streamKey}`);
    children.add(encoder);
    const sink = await startSink(join(work, 'sink'));
    children.add(sink);
    const simulcast = await call('POST', simulcastPaths.list(), token, { name: 'Cluster kill', inputId: input.id });
    const target = await call('POST', simulcastPaths.targets(simulcast.id), token, {
      name: 'Platform',
      url: `rtmp://127.0.0.1:${sink.port}/live`,
      streamKey: 'key',
    });
    try {
      await until(
        async () => (await call('GET', livePaths.one(input.id), token)).state === 'live',
        'the input on air',
        {
          timeoutMs: 60_000,
          intervalMs: 250,
        },
      );
      await call('POST', simulcastPaths.start(simulcast.id, target.id), token);
      const lease = `simulcast-target:${target.id}`;
      const node = await until(
        async () => processOf(holderPid(await leaseHolder(lease))),
        'a live node to take the target',
        { timeoutMs: 30_000 },
      );
      expect(node.role).toBe('live');
      // TODO(issue 27, the live helper's work): a push runs on the node its input is published to;
      // until then the node holding the target reads its input only when the encoder landed on it,
      // so the sink may receive nothing before the kill. Then also: await sink.publishes() >= 1 here.
      const killedAt = Date.now();
      const publishedBefore = sink.publishes();
      await kill(node);

      const other = await takenOver(lease, 'the target taken over');
      const takeover = Date.now() - killedAt;
      // The encoder, cut off when its node died, published again through nginx to the surviving node.
      await until(() => sink.publishes() > publishedBefore, 'the platform to receive the push again', {
        timeoutMs: 60_000,
      });
      const received = Date.now() - killedAt;
      const status = async () => (await call('GET', simulcastPaths.one(simulcast.id), token)).targets[0]?.status;
      await until(async () => (await status()) === 'live', 'the target live again', { timeoutMs: 30_000 });
      console.info(
        `cluster-kill: simulcast target taken over by ${other.name} ${(takeover / 1000).toFixed(1)} s after kill -9 of ${node.name} (bound ${TAKEOVER_BOUND_MS / 1000} s), the platform receiving again after ${(received / 1000).toFixed(1)} s; the encoder connected ${encoder.connections()} times`,
      );
      expect(takeover).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
      // A platform never sees two publishers on its key at once.
      expect(sink.mostAtOnce()).toBe(1);
      await call('POST', simulcastPaths.stop(simulcast.id, target.id), token);
      expect(await leaseHolder(lease)).toBeUndefined();
    } finally {
      encoder.stop();
    }
  }, 180_000);

  it('PostgreSQL stopped and started during calls: 503 with Retry-After meanwhile, then 200, no process restarted', async () => {
    const running = cluster.list.processes.filter((entry) => !killed.has(entry.pid));
    const answers = [];
    let calling = true;
    let stopping = 0;
    let stopped = 0;
    const loop = (async () => {
      while (calling) {
        const response = await fetch(`${http}${paths.me}`, {
          headers: { authorization: `Bearer ${tokens.admin}` },
          signal: AbortSignal.timeout(15_000),
        }).catch((error) => ({ status: 0, error, headers: new Headers() }));
        answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await until(() => answers.filter((answer) => answer.status === 200).length >= 3, 'calls answered before');
      stopping = Date.now();
      await postgres.stop();
      stopped = Date.now();
      const stoppedAt = answers.length;
      await until(
        () => answers.slice(stoppedAt).filter((answer) => answer.status === 503).length >= 3,
        'calls answered 503 while PostgreSQL is down',
        { timeoutMs: 60_000 },
      );
      await postgres.start();
      const startedAt = answers.length;
      await until(
        () => answers.slice(startedAt).filter((answer) => answer.status === 200).length >= 3,
        'calls answered 200 again',
        { timeoutMs: 60_000 },
      );
    } finally {
      calling = false;
      await loop;
    }
    const statuses = answers.map((answer) => answer.status);
    const firstUnavailable = answers.find((answer) => answer.status === 503)?.at ?? stopping;
    console.info(
      `cluster-kill: users/me through the outage: ${compress(statuses)}; PostgreSQL stopped in ${((stopped - stopping) / 1000).toFixed(1)} s, first 503 ${((firstUnavailable - stopping) / 1000).toFixed(1)} s after the stop began`,
    );
    // Nothing but 200 and 503 (no 502 from nginx, no 500, no refused call), each 503 with Retry-After.
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    for (const answer of answers.filter((each) => each.status === 503)) expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(statuses.at(-1)).toBe(200);
    // No process restarted: every one that ran before still runs, under the same pid.
    for (const entry of running) expect(alive(entry.pid), `${entry.name} (pid ${entry.pid})`).toBe(true);
    const ended = cluster.lines.filter((line) => line.includes('ended unexpectedly'));
    expect(ended).toHaveLength(killed.size);
  }, 180_000);
});

/**
 * A player's view of a playlist: read every 200 ms until stopped, each read's time (when it
 * answered), status, whether it ended (#EXT-X-ENDLIST) and the last sequence it listed.
 * `listedAt(sequence)`: the time of the first read listing that sequence, or undefined.
 */
function watchPlaylist(url) {
  const reads = [];
  let watching = true;
  void (async () => {
    while (watching) {
      const read = await fetch(url, { signal: AbortSignal.timeout(5_000) })
        .then(async (response) => ({ status: response.status, text: await response.text() }))
        .catch(() => ({ status: 0, text: '' }));
      const playlist = readMediaPlaylist(read.status === 200 ? read.text : '');
      const last = Number(/^(\d+)\.ts/.exec(playlist.segments.at(-1)?.uri ?? '')?.[1] ?? -1);
      reads.push({ at: Date.now(), status: read.status, ended: playlist.ended, last });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    listedAt: (sequence) => reads.find((read) => read.last >= sequence)?.at,
    stop() {
      watching = false;
      return reads;
    },
  };
}

/**
 * What ffprobe reads of a live playlist's window: its text made complete (#EXT-X-ENDLIST, its
 * URIs made absolute, so each segment is fetched through nginx), saved in the work folder and
 * probed to its end. Answers its duration and the video packets read from all its segments.
 */
async function probePlaylist(url, text) {
  const file = join(work, `window-${Date.now()}.m3u8`);
  const lines = text
    .trimEnd()
    .split('\n')
    .map((line) => (line.trim() && !line.startsWith('#') ? new URL(line.trim(), url).href : line));
  writeFileSync(file, `${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`);
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-protocol_whitelist', 'file,http,tcp', '-of', 'json'],
    ...['-select_streams', 'v:0', '-count_packets', '-show_entries', 'format=duration:stream=nb_read_packets'],
    file,
  ]);
  const probed = JSON.parse(stdout);
  return { duration: Number(probed.format?.duration), packets: Number(probed.streams?.[0]?.nb_read_packets) };
}

/** Statuses in runs: "200×12 503×30 200×5". */
function compress(statuses) {
  const runs = [];
  for (const status of statuses) {
    const last = runs.at(-1);
    if (last?.[0] === status) last[1] += 1;
    else runs.push([status, 1]);
  }
  return runs.map(([status, count]) => `${status}×${count}`).join(' ');
}
