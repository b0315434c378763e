import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { MediaTools } from '@regie/contract/auth';
import { MEDIA_BINARIES } from './ffmpeg.runner.ts';

/** An executable file of that name in one of the PATH's folders: what spawn would run. */
function onPath(name: string, searchPath: string): boolean {
  return searchPath
    .split(delimiter)
    .filter(Boolean)
    .some((folder) => {
      const file = join(folder, name);
      try {
        accessSync(file, constants.X_OK);
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}

/**
 * Whether ffmpeg and ffprobe can run here, read from the PATH at each call (a few stat calls):
 * installing ffmpeg while the server runs shows up without a restart.
 */
export function findMediaTools(searchPath = process.env.PATH ?? ''): MediaTools {
  return { ffmpeg: onPath(MEDIA_BINARIES.ffmpeg, searchPath), ffprobe: onPath(MEDIA_BINARIES.ffprobe, searchPath) };
}

/** The missing binaries' names, empty when video processing works. */
export function missingMediaTools(tools: MediaTools): string[] {
  return Object.entries(tools)
    .filter(([, found]) => !found)
    .map(([name]) => name);
}
