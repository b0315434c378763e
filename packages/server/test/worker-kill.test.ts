import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { videoPaths } from '@regie/contract/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRow, waitFor } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoRow, videoTestContext } from './videos-fixtures.ts';
import { buildWorkerBundle, postgresReachable, startWorkerProcess, WORKER_POSTGRES } from './worker-processes.ts';

const run = promisify(execFile);

/**
 * A standalone worker process (the server bundle's worker.js, as `npm run worker` runs it) killed
 * with SIGKILL in the middle of an encode: another worker takes the job over once the lease runs
 * out, and the video ends ready with nothing lost and nothing of the dead attempt left behind.
 * Separate processes share the queue only through PostgreSQL (PGlite is one process's), so this
 * file needs one: TEST_DATABASE_URL, else the local server at 127.0.0.1:5432.
 */

const reachable = await postgresReachable();
if (!reachable) console.warn(`worker-kill: skipped, no PostgreSQL at ${WORKER_POSTGRES} (separate workers need one)`);

let ctx: VideoTestContext;
let bundle: string;
const workers: ChildProcess[] = [];
const previousUrl = process.env.TEST_DATABASE_URL;

/** A worker process on this file's database and data folder, with a 2 s lease. */
function startWorker(): ChildProcess {
  const child = startWorkerProcess(bundle, ctx, 100);
  workers.push(child);
  return child;
}

/** Processes whose command line names `text` (ffmpeg of a given work folder). */
async function processesNaming(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(text)) found.push(Number(entry));
  }
  return found;
}

/** Every file a playlist names, from the master down, as paths relative to the HLS folder. */
async function referencedFiles(folder: string): Promise<Set<string>> {
  const referenced = new Set(['master.m3u8']);
  const uris = (text: string) => [
    ...text.split('\n').filter((line) => line.trim() && !line.startsWith('#')),
    ...[...text.matchAll(/URI="([^"]+)"/g)].map((match) => match[1] ?? ''),
  ];
  for (const variant of uris(await readFile(join(folder, 'master.m3u8'), 'utf8'))) {
    referenced.add(variant.trim());
    const text = await readFile(join(folder, variant.trim()), 'utf8');
    for (const file of uris(text)) referenced.add(posix.join(posix.dirname(variant.trim()), file.trim()));
  }
  return referenced;
}

beforeAll(async () => {
  if (!reachable) return;
  // helpers.ts makes each file's fresh database on TEST_DATABASE_URL's server.
  process.env.TEST_DATABASE_URL = WORKER_POSTGRES;
  ctx = await videoTestContext();
  bundle = await buildWorkerBundle();
}, 60_000);

afterAll(async () => {
  for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (previousUrl === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previousUrl;
  if (bundle) await rm(bundle, { recursive: true, force: true });
  await ctx?.cleanup();
});

describe.skipIf(!reachable)('a worker killed in the middle of an encode', () => {
  it('leaves the job to the next worker, which finishes it with nothing lost', async () => {
    const source = await makeTestVideo(join(ctx.dir, 'match.mp4'), { width: 1280, height: 720, seconds: 8 });
    const { completed } = await uploadVideo(ctx, ctx.tokens.writerA ?? '', source);
    const videoId = completed.video.id;
    const jobId = completed.job.id;

    const first = startWorker();
    // Mid-encode: the first worker's ladder ffmpeg is writing its HLS (the probe is done, the
    // encode not: progress reaches ENCODED only once that process ends). Its process is what is
    // waited for, not a progress figure: a short encode on a quiet machine reports 5 % and then
    // 83 % a moment later, faster than a poll sees.
    const firstFolder = join(ctx.dir, 'work', `video-${videoId}-job-${jobId}-1`);
    await waitFor(async () => (await processesNaming(join(firstFolder, 'hls'))).length > 0, {
      timeoutMs: 60_000,
      intervalMs: 20,
      what: "the first worker's ladder to be encoding",
    });
    const running = await jobRow(ctx.db, jobId);
    expect(running?.state).toBe('in_progress');
    expect(running?.progress).toBeLessThan(84);
    expect(existsSync(firstFolder)).toBe(true);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await videoRow(ctx, videoId))?.state).toBe('processing');

    // Its ffmpeg loses its pipes with it and stops rather than encoding for nobody.
    await waitFor(async () => (await processesNaming(firstFolder)).length === 0, {
      timeoutMs: 10_000,
      what: "the dead worker's ffmpeg to stop",
    });

    startWorker();
    const done = await waitFor(
      async () => {
        const job = await jobRow(ctx.db, jobId);
        return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the job to finish on the second worker' },
    );
    expect(done.state, done.lastError ?? '').toBe('done');
    expect(done.attempts).toBe(2);
    expect(done.lockedBy).toBeNull();

    const video = await ctx.request({ url: videoPaths.video(videoId), token: ctx.tokens.writerA });
    expect(video.json()).toMatchObject({ id: videoId, state: 'ready' });
    expect(existsSync(firstFolder)).toBe(false);

    const row = await videoRow(ctx, videoId);
    const master = ctx.storage.localPath(row?.hlsKey ?? '');
    expect(master).not.toBeNull();
    const hls = dirname(master ?? '');
    const stored = (await readdir(hls, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(hls, join(entry.parentPath, entry.name)).split(sep).join('/'));
    // Every stored file is one the playlists name, and every one they name is there.
    expect(new Set(stored)).toEqual(await referencedFiles(hls));

    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json'],
      master ?? '',
    ]);
    const streams = (JSON.parse(stdout) as { streams: { codec_type: string; width?: number; height?: number }[] })
      .streams;
    expect(streams.some((stream) => stream.codec_type === 'video' && stream.height === 720)).toBe(true);
    expect(streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
  }, 60_000);
});
