import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { videoPaths } from '@regie/contract/videos';
import type { MultipartUploadResponse } from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDependencies } from '../src/app.ts';
import { type AppConfig, loadConfig, type VideosConfig } from '../src/config.ts';
import { type VideoRow, videos } from '../src/db/videos.table.ts';
import { startWorkers, type WorkerOptions, type Workers } from '../src/jobs/jobs.worker.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import type { ObjectStorage } from '../src/storage/storage.types.ts';
import { type BuiltAccount, type BuiltUser, createTestContext, type TestContext } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { mediaFolder } from './media-fixtures.ts';

/** Small parts, so a small test video is sent in several (the server's default is 8 MiB). */
export const TEST_PART_SIZE = 64 * 1024;

export interface VideoTestContext extends TestContext {
  dir: string;
  storage: ObjectStorage;
  config: Pick<AppConfig, 'videos'>;
  accountA: BuiltAccount;
  accountB: BuiltAccount;
  /** Tokens by name: writerA (video_write), writerB (another account), … */
  tokens: Record<string, string>;
  user(name: string, account: BuiltAccount, roles: Role[]): Promise<BuiltUser>;
  workers(options?: Partial<WorkerOptions>): Workers;
  stopWorkers(): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * A test app whose files go to a temporary folder, two accounts with every module, a video writer
 * in each, and workers on demand (stopped by stopWorkers / cleanup).
 */
export async function videoTestContext(
  videoConfig: Partial<VideosConfig> = {},
  dependencies: Omit<AppDependencies, 'database' | 'storage'> = {},
): Promise<VideoTestContext> {
  const { dir, cleanup } = await mediaFolder();
  const config = { videos: { ...loadConfig({}).videos, uploadPartSize: TEST_PART_SIZE, ...videoConfig } };
  return build(dir, join(dir, 'storage'), config, cleanup, dependencies);
}

async function build(
  dir: string,
  storageFolder: string,
  config: Pick<AppConfig, 'videos'>,
  removeDir: () => Promise<void>,
  dependencies: Omit<AppDependencies, 'database' | 'storage'> = {},
): Promise<VideoTestContext> {
  const storage = localStorage(storageFolder, '/images');
  const ctx = await createTestContext({
    config: { dataDir: dir, storage: { driver: 'local', folder: storageFolder }, videos: config.videos },
    dependencies: { ...dependencies, storage },
  });
  const accountA = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const accountB = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const tokens: Record<string, string> = {};
  const running: Workers[] = [];
  const user: VideoTestContext['user'] = async (name, account, roles) => {
    const built = await ctx.buildUser({ accountId: account.id, roles });
    tokens[name] = await ctx.login(built.username, built.password);
    return built;
  };
  await user('writerA', accountA, ['video_write']);
  await user('writerB', accountB, ['video_write']);
  return {
    ...ctx,
    dir,
    storage,
    config,
    accountA,
    accountB,
    tokens,
    user,
    workers(options = {}) {
      const started = startWorkers(ctx.db, {
        concurrency: 1,
        pollMs: 20,
        dataDir: dir,
        storage,
        config,
        hub: ctx.app.realtime,
        leaseMs: 2_000,
        heartbeatMs: 50,
        progressIntervalMs: 20,
        ...options,
      });
      running.push(started);
      return started;
    },
    async stopWorkers() {
      await Promise.all(running.splice(0).map((workers) => workers.stop({ graceMs: 0 })));
    },
    async cleanup() {
      await Promise.all(running.splice(0).map((workers) => workers.stop({ graceMs: 0 })));
      await ctx.close();
      await removeDir();
    },
  };
}

/** A stored video as a person reads it: its failure reason in English words, the stored Message beside. */
export type ReadVideoRow = Omit<VideoRow, 'failureReason'> & {
  failureReason: string | null;
  failureReasonMessage: Message | null;
};

export async function videoRow(ctx: TestContext, id: number): Promise<ReadVideoRow | undefined> {
  const [row] = await ctx.db.select().from(videos).where(eq(videos.id, id));
  if (!row) return undefined;
  const failureReason = row.failureReason ? renderMessage(row.failureReason) : null;
  return { ...row, failureReason, failureReasonMessage: row.failureReason };
}

/** Waits until the video reaches one of the states (fails with its state and reason otherwise). */
export function waitForVideo(ctx: TestContext, id: number, states: VideoRow['state'][], timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const row = await videoRow(ctx, id);
      return row && states.includes(row.state) ? row : undefined;
    },
    { timeoutMs, intervalMs: 50, what: `video ${id} to be ${states.join(' or ')}` },
  );
}

/** POST url-multipart for a file; expects a new session. */
export async function startUpload(
  ctx: TestContext,
  token: string,
  file: { filename: string; size: number; contentType?: string; videoId?: number },
): Promise<MultipartUploadResponse> {
  const response = await ctx.request({ method: 'POST', url: videoPaths.uploadUrlMultipart, token, payload: file });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** PUT one part of `data` (the session's part n). */
export function putPart(ctx: TestContext, token: string, session: MultipartUploadResponse, data: Buffer, n: number) {
  const start = (n - 1) * session.partSize;
  return ctx.app.inject({
    method: 'PUT',
    url: videoPaths.uploadPart(session.uploadId, n),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: data.subarray(start, Math.min(data.length, start + session.partSize)),
  });
}

/** The whole upload: start, every part, complete; answers the completion. */
export async function uploadVideo(ctx: TestContext, token: string, file: string, filename = 'match.mp4') {
  const data = await readFile(file);
  const session = await startUpload(ctx, token, { filename, size: data.length, contentType: 'video/mp4' });
  for (const part of session.parts) {
    const response = await putPart(ctx, token, session, data, part.partNumber);
    expect(response.statusCode, response.body).toBe(200);
  }
  const completed = await ctx.request({
    method: 'POST',
    url: videoPaths.uploadCompleteMultipart,
    token,
    payload: { uploadId: session.uploadId },
  });
  expect(completed.statusCode, completed.body).toBe(202);
  return { session, data, completed: completed.json<{ video: { id: number }; job: { id: number } }>() };
}
