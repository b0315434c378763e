import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LOCAL_AD_MEDIA } from '@regie/contract/advertising';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';

/** ffmpeg's arguments for the local ad: a test pattern with a tone, H.264/AAC in an MP4 that starts playing at once. */
export function localAdMediaArgs(output: string): string[] {
  const { seconds, width, height } = LOCAL_AD_MEDIA;
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=660:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * The local ad's media file, made once in the data folder (never committed): the first request
 * waits for ffmpeg (about a second), later ones read the file. Written beside and renamed, so a
 * reader never sees half a file.
 */
export function localAdMedia(file: string): () => Promise<string> {
  let made: Promise<string> | null = null;
  const make = async () => {
    const exists = await stat(file).then(
      (found) => found.size > 0,
      () => false,
    );
    if (exists) return file;
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    await runFfmpeg(localAdMediaArgs(partial));
    await rename(partial, file);
    return file;
  };
  return () => {
    made ??= make().catch((error: unknown) => {
      // A failed run is tried again by the next request.
      made = null;
      throw error;
    });
    return made;
  };
}
