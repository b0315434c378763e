import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { JOB_MESSAGES } from '@regie/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { videoStates } from '../src/videos/videos.state.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { SOURCE, sourceFiles } from './source-files.ts';

/** The one module allowed to change a video's state. */
const STATE_MODULE = 'videos/videos.state.ts';

describe("a video's state", () => {
  it('is changed by one module only: no other file updates the videos table with a state', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SOURCE)) {
      const name = relative(SOURCE, file);
      if (name === STATE_MODULE) continue;
      const text = await readFile(file, 'utf8');
      // Each update of the videos table, up to the end of its statement.
      for (const match of text.matchAll(/\.update\(videos\)[\s\S]*?;/g)) {
        if (/\bstate\s*:|failureReason\s*:/.test(match[0])) offenders.push(name);
      }
    }
    expect(offenders).toEqual([]);
  });

  describe('steps', () => {
    let ctx: TestContext;
    let accountId: number;
    beforeAll(async () => {
      ctx = await createTestContext();
      accountId = (await ctx.buildAccount()).id;
    });
    afterAll(() => ctx.close());

    const newVideo = async () => {
      const [row] = await ctx.db.insert(videos).values({ title: 'A match', accountId }).returning();
      if (!row) throw new Error('not inserted');
      return row;
    };

    it('go from uploading to ready, a failure reason cleared on the way', async () => {
      const video = await newVideo();
      expect(video.state).toBe('uploading');
      expect(await videoStates.failed(ctx.db, video.id, JOB_MESSAGES.failed('No file'))).toMatchObject({
        state: 'failed',
        failureReason: JOB_MESSAGES.failed('No file'),
      });
      expect(await videoStates.uploaded(ctx.db, video.id)).toMatchObject({ state: 'uploaded', failureReason: null });
      expect(await videoStates.processing(ctx.db, video.id, { duration: 12 })).toMatchObject({
        state: 'processing',
        duration: 12,
      });
      expect(await videoStates.ready(ctx.db, video.id, { hlsKey: 'hls/master.m3u8' })).toMatchObject({
        state: 'ready',
        hlsKey: 'hls/master.m3u8',
      });
    });

    it('fail only from the states named, and leave failed only by a retry', async () => {
      const video = await newVideo();
      await videoStates.uploaded(ctx.db, video.id);
      expect(await videoStates.failed(ctx.db, video.id, JOB_MESSAGES.failed('Expired'), ['uploading'])).toBeNull();
      expect(await videoStates.retried(ctx.db, video.id, 'uploading')).toBeNull();
      await videoStates.failed(ctx.db, video.id, JOB_MESSAGES.failed('Encode failed'));
      expect(await videoStates.retried(ctx.db, video.id, 'uploaded')).toMatchObject({
        state: 'uploaded',
        failureReason: null,
      });
    });

    it('answer null for a video that is gone', async () => {
      expect(await videoStates.failed(ctx.db, 999_999, JOB_MESSAGES.failed('Gone'))).toBeNull();
    });
  });
});
