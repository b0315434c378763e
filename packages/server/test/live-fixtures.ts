import { type ChildProcess, spawn } from 'node:child_process';

/**
 * An encoder: ffmpeg pushing a generated stream (testsrc + sine, H.264/AAC, one keyframe a second,
 * at real time) to an RTMP URL for `seconds`. Resolves `exited` with ffmpeg's exit code and how
 * long it ran.
 */
export interface TestPublisher {
  process: ChildProcess;
  exited: Promise<{ code: number | null; ms: number }>;
  stop(): Promise<void>;
}

export function publishTestStream(url: string, seconds: number): TestPublisher {
  const started = Date.now();
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=320x180:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '25',
      '-keyint_min',
      '25',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'flv',
      url,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.resume();
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
    child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
  });
  return {
    process: child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
