import { type ChildProcess, spawn } from 'node:child_process';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MEDIA_BINARIES, tailLines } from '../media/ffmpeg.runner.ts';
import { probeMedia } from '../media/ffprobe.service.ts';
import { trackChild } from '../ops/processes.ts';
import { type PackagedSegment, packagedSegments } from './live.playlists.ts';

/** How often the packager's playlist is read for newly finished segments. */
const POLL_MS = 200;
const PLAYLIST = 'index.m3u8';

/**
 * ffmpeg's arguments: the RTMP stream copied (no re-encode) into HLS segments of `segmentSeconds`,
 * named by sequence from `startNumber`, every one kept (the playlist only slides; nothing is
 * deleted), each with its wall-clock time; segment and playlist written to a temporary file and
 * renamed when complete.
 */
export function packagerArgs(source: string, folder: string, segmentSeconds: number, startNumber: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-rw_timeout',
    '15000000',
    // The frame rate is not guessed from the first frames (20 of them: 0.8 s at 25 fps, and
    // ffmpeg's probe took 1.5 s in all before the first segment could start): the stream is
    // copied, its timestamps are what counts. Its first segment is finished a second after the
    // publish instead of 1.6 s (an encoder reconnecting to another node, issue 27).
    '-fpsprobesize',
    '0',
    '-i',
    source,
    '-map',
    '0:v?',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_list_size',
    '10',
    '-start_number',
    String(startNumber),
    '-hls_flags',
    'program_date_time+independent_segments+temp_file',
    '-hls_segment_filename',
    join(folder, '%d.ts'),
    join(folder, PLAYLIST),
  ];
}

export interface FinishedSegment extends PackagedSegment {
  /** The file on this machine (removed once `onSegment` resolves). */
  localPath: string;
  bytes: number;
  /** When ffmpeg last wrote the file (its end, on this machine's clock). */
  finishedAt: Date;
  /** The first segment of this run. */
  first: boolean;
}

export interface PackagerOptions {
  source: string;
  folder: string;
  segmentSeconds: number;
  startNumber: number;
  /**
   * First run of the input in this process: index what a run of a process that died left
   * finished in the folder before packaging (see startPackager).
   */
  recover: boolean;
  onSegment(segment: FinishedSegment): Promise<void>;
  onProgress(progress: { droppedFrames: number; fps: number | null }): void;
  /** The run ended: null code and signal when it was stopped. */
  onExit(result: { code: number | null; stopped: boolean; stderr: string }): void;
  onError(error: unknown): void;
}

export interface PackagerRun {
  /** drainMs: how long ffmpeg may take to end by itself (its source ended) before it is signalled. */
  stop(options?: { drainMs?: number }): Promise<void>;
  /** The highest sequence indexed by this run, or null. */
  lastSequence(): number | null;
}

/** Reads ffmpeg's `-progress` key=value lines. */
function progressReader(onProgress: PackagerOptions['onProgress']) {
  let values: Record<string, string> = {};
  let pending = '';
  return (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      values[key] = line.slice(at + 1).trim();
      if (key !== 'progress') continue;
      const fps = Number.parseFloat(values.fps ?? '');
      onProgress({ droppedFrames: Number.parseInt(values.drop_frames ?? '0', 10) || 0, fps: fps > 0 ? fps : null });
      values = {};
    }
  };
}

/**
 * One packager run: ffmpeg reading the ingest, and a loop that indexes each segment ffmpeg
 * finishes, in order, exactly once (the sequence is the file's name). When ffmpeg exits, what
 * its last playlist lists is indexed before onExit.
 */
export async function startPackager(options: PackagerOptions): Promise<PackagerRun> {
  await mkdir(options.folder, { recursive: true });
  let last: number | null = null;
  let startNumber = options.startNumber;
  let stopped = false;
  let exited = false;
  let stderr = '';
  let draining: Promise<void> = Promise.resolve();
  /** The next segment indexed starts a run (a discontinuity): this run's first, not a recovered one. */
  let opensRun = false;

  const drain = async () => {
    const text = await readFile(join(options.folder, PLAYLIST), 'utf8').catch(() => '');
    for (const segment of packagedSegments(text)) {
      if (segment.sequence < startNumber || (last !== null && segment.sequence <= last)) continue;
      const localPath = join(options.folder, `${segment.sequence}.ts`);
      const info = await stat(localPath).catch(() => null);
      // A run stopped before its first frame leaves an empty file: nothing to index.
      if (!info || info.size === 0 || segment.duration <= 0) continue;
      await index({ ...segment, localPath, bytes: info.size, finishedAt: info.mtime, first: opensRun });
    }
  };
  let lastEnd: Date | null = null;
  const index = async (segment: FinishedSegment) => {
    await options.onSegment(segment);
    opensRun = false;
    last = segment.sequence;
    lastEnd = segment.startedAt ? new Date(segment.startedAt.getTime() + segment.duration * 1000) : null;
    await rm(segment.localPath, { force: true });
  };
  // An ffmpeg killed (it did not end on SIGINT) leaves its segment under way out of the playlist:
  // what it holds is still the live, indexed with the duration ffprobe finds in it.
  const indexUnlisted = async () => {
    const sequence = last === null ? startNumber : last + 1;
    // Under way, it may still carry temp_file's name.
    const named = join(options.folder, `${sequence}.ts`);
    const localPath = (await stat(named).catch(() => null)) ? named : `${named}.tmp`;
    const info = await stat(localPath).catch(() => null);
    if (!info || info.size === 0) return;
    const duration = (await probeMedia(localPath).catch(() => null))?.durationSeconds ?? 0;
    if (duration <= 0) return;
    await index({
      sequence,
      file: `${sequence}.ts`,
      duration,
      startedAt: lastEnd,
      localPath,
      bytes: info.size,
      finishedAt: info.mtime,
      first: opensRun,
    });
  };
  // What a run of a process that died (kill -9) finished but never indexed: its ffmpeg, orphaned,
  // closed its last segments and playlist when the ingest went away. Indexed first, then this run
  // numbers on after them, so nothing is lost and no file is written over.
  if (options.recover) await drain();
  if (last !== null) startNumber = last + 1;
  last = null;
  opensRun = true;
  await rm(join(options.folder, PLAYLIST), { force: true });
  const poll = () => {
    draining = draining.then(drain).catch(options.onError);
    return draining;
  };
  const timer = setInterval(() => void poll(), POLL_MS);
  // A finished segment is indexed as soon as ffmpeg renames its playlist into place, not at the
  // next poll (up to POLL_MS later); the poll stays for a watch that misses an event.
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(options.folder, (_event, name) => {
      if (name === PLAYLIST) void poll();
    });
    watcher.on('error', () => {
      watcher?.close();
      watcher = null;
    });
  } catch {
    watcher = null;
  }

  const child: ChildProcess = spawn(
    MEDIA_BINARIES.ffmpeg,
    packagerArgs(options.source, options.folder, options.segmentSeconds, startNumber),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  trackChild(child);
  child.stdout?.on('data', progressReader(options.onProgress));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exit = new Promise<void>((resolve) => {
    const finish = (code: number | null) => {
      if (exited) return;
      exited = true;
      clearInterval(timer);
      watcher?.close();
      void poll()
        .then(() => indexUnlisted())
        .catch(options.onError)
        .then(() => {
          options.onExit({ code, stopped, stderr: tailLines(stderr) });
          resolve();
        });
    };
    child.once('error', (error) => {
      stderr += String(error);
      finish(-1);
    });
    child.once('exit', (code) => finish(code));
  });

  return {
    lastSequence: () => last,
    async stop(options = {}) {
      if (exited) return exit;
      stopped = true;
      // The ingest ends its readers when the publisher goes (see ingest.nms.ts): ffmpeg then
      // reads what is left in its socket, closes its last segment and exits by itself. A signal
      // first would drop those last frames, so it waits for that end a moment.
      if (options.drainMs) {
        const drained = await Promise.race([exit.then(() => true), delay(options.drainMs).then(() => false)]);
        if (drained) return;
      }
      // 'q' is not read (-nostdin): SIGINT makes ffmpeg close its last segment and playlist. A
      // read blocked on an ingest that sends nothing more only sees it at the next packet: then
      // SIGKILL, and the last segment is indexed from its file (indexUnlisted).
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
