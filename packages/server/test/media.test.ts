import { copyFile, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/media/ffmpeg.runner.ts';
import { findKeyframes, probeMedia } from '../src/media/ffprobe.service.ts';
import { MediaError } from '../src/media/media.errors.ts';
import { cutVideo, encodeHlsLadder, makePoster, makeStoryboard } from '../src/media/media.service.ts';
import { makeTestVideo, mediaFolder, pictureSize } from './media-fixtures.ts';

let dir: string;
let cleanup: () => Promise<void>;
let source: string;

beforeAll(async () => {
  ({ dir, cleanup } = await mediaFolder());
  source = await makeTestVideo(join(dir, 'source.mp4'));
});
afterAll(() => cleanup());

async function probeFailure(file: string): Promise<MediaError> {
  const error = await probeMedia(file).catch((caught: unknown) => caught);
  if (!(error instanceof MediaError)) throw new Error(`expected a MediaError, got ${String(error)}`);
  return error;
}

describe('probeMedia', () => {
  it('reads the technical metadata of a real video', async () => {
    const metadata = await probeMedia(source);
    expect(metadata).toMatchObject({
      width: 640,
      height: 360,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasAudio: true,
      fps: 25,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    });
    expect(metadata.durationSeconds).toBeCloseTo(3, 1);
    expect(metadata.bitrate).toBeGreaterThan(0);
    expect(metadata.sizeBytes).toBe((await stat(source)).size);
  });

  it('says a text file named .mp4 is not a video', async () => {
    const fake = join(dir, 'notes.mp4');
    await writeFile(fake, 'These are meeting notes, not a video.\n'.repeat(50));
    const error = await probeFailure(fake);
    expect(error.code).toBe('unreadable');
    // ffprobe goes by the extension, finds no MP4 index, then gives up on the data.
    expect(error.message).toBe(
      'The file is not a video ffmpeg can read: moov atom not found; Invalid data found when processing input',
    );
  });

  it('says a truncated MP4 is not readable, with ffmpeg’s reason', async () => {
    const broken = join(dir, 'truncated.mp4');
    await copyFile(source, broken);
    await truncate(broken, Math.floor((await stat(source)).size / 2));
    const error = await probeFailure(broken);
    expect(error.message).toMatch(/^The file is not a video ffmpeg can read: moov atom not found/);
  });

  it('says a sound file has no video stream', async () => {
    const sound = join(dir, 'sound.m4a');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', sound]);
    expect((await probeFailure(sound)).message).toBe('The file is not a video ffmpeg can read: it has no video stream');
  });

  it('names a missing file', async () => {
    const error = await probeFailure(join(dir, 'nowhere.mp4'));
    expect(error.code).toBe('missing');
    expect(error.message).toBe(`The file does not exist: ${join(dir, 'nowhere.mp4')}`);
  });
});

describe('HLS ladder', () => {
  it('encodes the rungs up to the source height with progress reaching 100', async () => {
    const input = await makeTestVideo(join(dir, 'source-480.mp4'), { width: 854, height: 480 });
    const output = join(dir, 'hls');
    const progress: number[] = [];
    const { masterPlaylist, rungs } = await encodeHlsLadder(input, output, await probeMedia(input), {
      onProgress: (percent) => progress.push(percent),
    });

    expect(rungs.map((rung) => rung.name)).toEqual(['480p', '360p']);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const master = await readFile(masterPlaylist, 'utf8');
    expect(master).toContain('#EXTM3U');
    expect(master).toMatch(/RESOLUTION=854x480[^\n]*\n480p\/index\.m3u8/);
    expect(master).toMatch(/RESOLUTION=640x360[^\n]*\n360p\/index\.m3u8/);
    expect(master).not.toContain('720p');
    expect(master).not.toContain('1080p');
    for (const rung of rungs) {
      const playlist = await readFile(join(output, rung.name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-TARGETDURATION:');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect((await readdir(join(output, rung.name))).filter((file) => file.endsWith('.ts')).length).toBeGreaterThan(0);
    }
    expect(await pictureSize(join(output, '360p', 'segment_000.ts'))).toEqual({ width: 640, height: 360 });
  });

  it('makes the storyboard from the same decode as the ladder', async () => {
    const output = join(dir, 'hls-with-storyboard');
    const sprite = join(dir, 'ladder-storyboard', 'sprite.jpg');
    const vtt = join(dir, 'ladder-storyboard', 'storyboard.vtt');
    const { storyboard, rungs } = await encodeHlsLadder(source, output, await probeMedia(source), {
      storyboard: { sprite, vtt },
    });
    expect(rungs.map((rung) => rung.name)).toEqual(['360p']);
    expect(storyboard).toMatchObject({ count: 1, columns: 1, rows: 1, thumbnailWidth: 160, thumbnailHeight: 90 });
    expect(await pictureSize(sprite)).toEqual({ width: 160, height: 90 });
    expect(await readFile(vtt, 'utf8')).toContain('sprite.jpg#xywh=0,0,160,90');
    expect(await readFile(join(output, '360p', 'index.m3u8'), 'utf8')).toContain('#EXT-X-ENDLIST');
  });
});

describe('cuts', () => {
  it('finds the keyframes, one a second in the test source', async () => {
    expect(await findKeyframes(source)).toEqual([0, 1, 2]);
  });

  it('stream-copies a cut between keyframes, with the right duration', async () => {
    const output = join(dir, 'cut-copy.mp4');
    const plan = await cutVideo(source, output, { inSeconds: 1, outSeconds: 2 });
    expect(plan.mode).toBe('copy');
    expect(Math.abs((await probeMedia(output)).durationSeconds - 1)).toBeLessThanOrEqual(0.1);
  });

  it('re-encodes a cut between keyframes, with the right duration', async () => {
    const output = join(dir, 'cut-encode.mp4');
    const progress: number[] = [];
    const plan = await cutVideo(
      source,
      output,
      { inSeconds: 0.5, outSeconds: 1.7 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(plan.mode).toBe('encode');
    expect(progress.at(-1)).toBe(100);
    const metadata = await probeMedia(output);
    expect(Math.abs(metadata.durationSeconds - 1.2)).toBeLessThanOrEqual(0.1);
    expect(metadata).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 640, height: 360 });
  });
});

describe('poster and storyboard', () => {
  it('takes a poster frame as a JPEG', async () => {
    const output = join(dir, 'poster.jpg');
    await makePoster(source, output, await probeMedia(source), { width: 320 });
    const bytes = await readFile(output);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(await pictureSize(output)).toEqual({ width: 320, height: 180 });
  });

  it('tiles a sprite sheet and writes its WebVTT', async () => {
    const sprite = join(dir, 'storyboard', 'sprite.jpg');
    const vtt = join(dir, 'storyboard', 'sprite.vtt');
    const plan = await makeStoryboard(source, { sprite, vtt }, await probeMedia(source), { intervalSeconds: 1 });
    expect(plan).toMatchObject({ count: 3, columns: 3, rows: 1, thumbnailWidth: 160, thumbnailHeight: 90 });
    expect(await pictureSize(sprite)).toEqual({ width: 480, height: 90 });
    const cues = await readFile(vtt, 'utf8');
    expect(cues.startsWith('WEBVTT\n')).toBe(true);
    expect(cues).toContain('00:00:02.000 --> 00:00:03.000\nsprite.jpg#xywh=320,0,160,90');
  });
});

describe('runFfmpeg', () => {
  it('kills ffmpeg when aborted and rejects with the reason', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = runFfmpeg(
      ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '60', '-f', 'null', '-'],
      {
        durationSeconds: 60,
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(new Error('stop now')), 300);
    await expect(running).rejects.toThrow('stop now');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects with the tail of ffmpeg’s errors', async () => {
    await expect(runFfmpeg(['-i', join(dir, 'nowhere.mp4'), join(dir, 'out.mp4')])).rejects.toThrow(
      /^ffmpeg failed \(exit code 1\): .*No such file or directory/,
    );
  });
});
