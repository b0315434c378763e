import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type AuditPage, auditPaths } from '@regie/contract/audit';
import {
  LIVE_HEALTH_EVENT,
  LIVE_TOPIC,
  type LiveHealth,
  type LiveInput,
  liveHealth,
  livePaths,
} from '@regie/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAccountLimits, liveSegments } from '../src/db/live.table.ts';
import { LIVE_INDEX_TOPIC, LIVE_SEGMENT_EVENT } from '../src/live/live.playlist-book.ts';
import { probeMedia } from '../src/media/ffprobe.service.ts';
import { accountTopic } from '../src/realtime/realtime.hub.ts';
import type { BuiltAccount } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let accountC: BuiltAccount;
const publishers: TestPublisher[] = [];
const token = (name: string) => ctx.tokens[name] ?? '';

async function createInput(as: string, payload: object = { name: 'Main camera', latencyMode: '1s' }) {
  const response = await ctx.request({ method: 'POST', url: livePaths.list, token: token(as), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LiveInput>();
}

async function keyOf(as: string, id: number): Promise<string> {
  const response = await ctx.request({ url: livePaths.key(id), token: token(as) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ streamKey: string }>().streamKey;
}

function push(input: LiveInput, key: string, seconds: number): TestPublisher {
  const publisher = publishTestStream(`${input.ingestUrl}/${key}`, seconds);
  publishers.push(publisher);
  return publisher;
}

const readInput = async (as: string, id: number) =>
  (await ctx.request({ url: livePaths.one(id), token: token(as) })).json<LiveInput>();

/** A playlist URL's path and query, as the server serves it (no public URL in tests). */
const local = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('streamerA', ctx.accountA, ['use_stream']);
  await ctx.user('streamerB', ctx.accountB, ['use_stream']);
  accountC = await ctx.buildAccount({ modules: ['AWS_STREAM'] });
  await ctx.user('streamerC', accountC, ['use_stream']);
  await ctx.db.insert(liveAccountLimits).values({ accountId: accountC.id, simultaneousLiveInputs: 1 });
});
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await ctx.cleanup();
});

describe('live inputs', () => {
  it('creates an input with an RTMP URL and a hidden key, revealed and rotated on demand', async () => {
    const input = await createInput('streamerA', { name: 'Tribune', latencyMode: '2s', equirectangular: true });
    expect(input).toMatchObject({ name: 'Tribune', latencyMode: '2s', equirectangular: true, state: 'idle' });
    expect(input.ingestUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    expect(JSON.stringify(input)).not.toContain('rk_');
    const key = await keyOf('streamerA', input.id);
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{32}$/);
    expect(input.streamKeyHint).toBe(key.slice(-4));
    const rotated = await ctx.request({ method: 'POST', url: livePaths.rotate(input.id), token: token('streamerA') });
    expect(rotated.json<{ streamKey: string }>().streamKey).not.toBe(key);
    expect(await keyOf('streamerA', input.id)).toBe(rotated.json<{ streamKey: string }>().streamKey);
    const list = await ctx.request({ url: livePaths.list, token: token('streamerA') });
    expect(list.json<{ data: LiveInput[] }>().data.map((row) => row.id)).toContain(input.id);
    const changed = await ctx.request({
      method: 'PUT',
      url: livePaths.one(input.id),
      token: token('streamerA'),
      payload: { name: 'Tribune nord', latencyMode: '1s' },
    });
    expect(changed.json<LiveInput>()).toMatchObject({ name: 'Tribune nord', latencyMode: '1s' });

    // The input's audit trail, as the account's user manager reads it: the key never, only that it changed.
    await ctx.user('auditorA', ctx.accountA, ['manage_users']);
    const trail = await ctx.request({
      url: `${auditPaths.list}?resource=streams&resourceId=${input.id}`,
      token: token('auditorA'),
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json<AuditPage>().data;
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'rotate-key', 'create']);
    expect(entries.every((entry) => entry.accountId === ctx.accountA.id)).toBe(true);
    expect(entries[0]?.changes).toEqual({
      name: { before: 'Tribune', after: 'Tribune nord' },
      latencyMode: { before: '2s', after: '1s' },
    });
    expect(entries[1]?.changes).toEqual({ streamKey: { changed: true } });
    expect(entries[2]?.changes).toMatchObject({
      name: { before: null, after: 'Tribune' },
      streamKey: { changed: true },
    });
    expect(JSON.stringify(entries)).not.toContain('rk_');
  });

  it("refuses another account's input (404), a user without use_stream (403) and a bad body (400)", async () => {
    const input = await createInput('streamerA');
    for (const url of [livePaths.one(input.id), livePaths.key(input.id), livePaths.status(input.id)]) {
      expect((await ctx.request({ url, token: token('streamerB') })).statusCode).toBe(404);
    }
    const rotate = await ctx.request({ method: 'POST', url: livePaths.rotate(input.id), token: token('streamerB') });
    expect(rotate.statusCode).toBe(404);
    const del = await ctx.request({ method: 'DELETE', url: livePaths.one(input.id), token: token('streamerB') });
    expect(del.statusCode).toBe(404);
    const others = await ctx.request({ url: livePaths.inputs, token: token('streamerB') });
    expect(others.json<{ data: LiveInput[] }>().data.map((row) => row.id)).not.toContain(input.id);
    expect((await ctx.request({ url: livePaths.list, token: token('writerA') })).statusCode).toBe(403);
    expect((await ctx.request({ url: livePaths.key(input.id), token: token('writerA') })).statusCode).toBe(403);
    const bad = await ctx.request({
      method: 'POST',
      url: livePaths.list,
      token: token('streamerA'),
      payload: { name: '', latencyMode: '5s' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('packages a pushed stream into indexed segments the live playlist lists and serves, with health', async () => {
    const input = await createInput('streamerA');
    const health: LiveHealth[] = [];
    const stop = ctx.app.realtime.subscribe(accountTopic(ctx.accountA.id, LIVE_TOPIC), (_topic, event) => {
      const parsed = liveHealth.safeParse(event.payload);
      if (event.type === LIVE_HEALTH_EVENT && parsed.success) health.push(parsed.data);
    });
    const publisher = push(input, await keyOf('streamerA', input.id), 8);
    const rows = await waitFor(
      async () => {
        const found = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
        return found.length >= 3 ? found : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'three indexed segments' },
    );
    expect((await readInput('streamerA', input.id)).state).toBe('live');
    // The simulcast engine reads it here: the account's own input only.
    expect(await ctx.app.liveSources.urlOf(ctx.accountA.id, input.id)).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/rk_/);
    expect(await ctx.app.liveSources.urlOf(ctx.accountB.id, input.id)).toBeNull();
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sequences.slice(0, 3)).toEqual([0, 1, 2]);
    for (const row of rows) expect(row.duration).toBeGreaterThan(0.5);
    expect(rows[0]?.discontinuity).toBe(true);

    const playlist = await ctx.request({ url: local(input.playback.liveUrl) });
    expect(playlist.statusCode).toBe(200);
    // Kept half a segment by players and CDNs; a segment, whose URL is never written again, for good.
    expect(playlist.headers['cache-control']).toBe('public, max-age=1');
    expect(playlist.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const uri = playlist.body.split('\n').find((line) => /^\d+\.ts\?t=/.test(line));
    expect(uri).toBeDefined();
    const base = local(input.playback.liveUrl).replace(/live\.m3u8\?.*$/, '');
    const segment = await ctx.app.inject({ url: `${base}${uri}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The stream copied whole: its video at its frame rate, and its sound.
    const probed = await mkdtemp(join(tmpdir(), 'regie-live-segment-'));
    try {
      await writeFile(join(probed, 'segment.ts'), segment.rawPayload);
      expect(await probeMedia(join(probed, 'segment.ts'))).toMatchObject({
        width: 320,
        height: 180,
        hasAudio: true,
        fps: 25,
      });
    } finally {
      await rm(probed, { recursive: true, force: true });
    }

    const status = await ctx.request({ url: livePaths.status(input.id), token: token('streamerA') });
    expect(status.json<LiveHealth>()).toMatchObject({ connected: true, width: 320, height: 180, videoCodec: 'H.264' });
    await waitFor(() => health.some((item) => item.inputId === input.id && item.connected && item.bitrate > 0), {
      timeoutMs: 6_000,
      what: 'a health push with a bitrate',
    });

    await publisher.exited;
    await waitFor(async () => (await readInput('streamerA', input.id)).state === 'idle', {
      timeoutMs: 10_000,
      what: 'the input to be idle after the publisher left',
    });
    // The playlists come from memory, told of the end by the node's last health push.
    await waitFor(
      async () => (await ctx.request({ url: local(input.playback.dvrUrl) })).body.includes('#EXT-X-ENDLIST'),
      { timeoutMs: 5_000, what: 'the DVR playlist to end' },
    );
    stop();
  }, 40_000);

  it('restarts a packager that dies while the publisher is still connected, and keeps indexing', async () => {
    const input = await createInput('streamerA');
    const publisher = push(input, await keyOf('streamerA', input.id), 16);
    const segmentsOf = () => ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
    await waitFor(async () => (await segmentsOf()).length >= 2, { timeoutMs: 15_000, what: 'two segments' });
    // The packager of this input (its playlist is in this test's own data folder).
    const playlist = join(ctx.dir, 'live-work', String(input.id), 'index.m3u8');
    const pids = execFileSync('pgrep', ['-f', playlist], { encoding: 'utf8' }).trim().split('\n');
    expect(pids).toHaveLength(1);
    process.kill(Number(pids[0]), 'SIGKILL');
    const killedAt = (await segmentsOf()).length;
    const rows = await waitFor(
      async () => {
        const found = await segmentsOf();
        return found.length >= killedAt + 3 ? found : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'segments after the restart' },
    );
    const sequences = rows.map((row) => row.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(rows.filter((row) => row.discontinuity).length).toBe(2);
    await waitFor(async () => (await readInput('streamerA', input.id)).state === 'live', {
      what: 'the input live again',
    });
    await publisher.stop();
  }, 45_000);

  it('refuses a second encoder while the first sends, and lets a silent one go for the encoder coming back', async () => {
    const input = await createInput('streamerA');
    const key = await keyOf('streamerA', input.id);
    const segmentsOf = () => ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
    const first = push(input, key, 60);
    await waitFor(async () => (await segmentsOf()).length >= 2, { timeoutMs: 15_000, what: 'two segments' });
    // A second encoder with the same key while the first sends: refused, the first goes on.
    expect((await push(input, key, 10).exited).ms).toBeLessThan(6_000);
    expect(first.process.exitCode).toBeNull();

    // The first stops sending, its connection left open (half-open, as when an encoder's network
    // changes): the encoder coming back, trying again as encoders do, publishes once the silent
    // one has sent nothing for HOLDER_STALLED_MS.
    first.process.kill('SIGSTOP');
    try {
      const stalledAt = Date.now();
      let back: TestPublisher | null = null;
      while (!back && Date.now() - stalledAt < 25_000) {
        const attempt = push(input, key, 60);
        const exited = await Promise.race([attempt.exited, delay(2_500).then(() => null)]);
        if (exited === null) back = attempt;
        else await delay(300);
      }
      expect(back, 'the encoder publishing again').not.toBeNull();
      const before = (await segmentsOf()).length;
      const rows = await waitFor(
        async () => {
          const found = await segmentsOf();
          return found.length >= before + 2 ? found : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 200, what: 'segments of the encoder back' },
      );
      const sequences = rows.map((row) => row.sequence);
      expect(new Set(sequences).size).toBe(sequences.length);
      expect(rows.filter((row) => row.discontinuity).length).toBe(2);
      expect((await readInput('streamerA', input.id)).state).toBe('live');
    } finally {
      first.process.kill('SIGCONT');
    }
    // The silent one's connection was closed: sending again, it finds it gone and ends.
    expect((await first.exited).ms).toBeLessThan(50_000);
  }, 90_000);

  it('refuses a wrong key, a rotated key and a deleted input key', async () => {
    const input = await createInput('streamerA');
    const wrong = push(input, 'rk_not_a_key_of_anybody_here', 10);
    expect((await wrong.exited).ms).toBeLessThan(6_000);

    const oldKey = await keyOf('streamerA', input.id);
    await ctx.request({ method: 'POST', url: livePaths.rotate(input.id), token: token('streamerA') });
    const rotated = push(input, oldKey, 10);
    expect((await rotated.exited).ms).toBeLessThan(6_000);

    const gone = await createInput('streamerA');
    const goneKey = await keyOf('streamerA', gone.id);
    await ctx.request({ method: 'DELETE', url: livePaths.one(gone.id), token: token('streamerA') });
    const deleted = push(gone, goneKey, 10);
    expect((await deleted.exited).ms).toBeLessThan(6_000);
    const rows = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
    expect(rows).toHaveLength(0);
  }, 30_000);

  it("refuses an input past its account's limit of simultaneous live inputs, with the reason shown", async () => {
    const first = await createInput('streamerC');
    const second = await createInput('streamerC');
    const onAir = push(first, await keyOf('streamerC', first.id), 10);
    await waitFor(async () => (await readInput('streamerC', first.id)).state === 'live', {
      timeoutMs: 8_000,
      what: 'the first input on air',
    });
    const refused = push(second, await keyOf('streamerC', second.id), 10);
    expect((await refused.exited).ms).toBeLessThan(6_000);
    const shown = await waitFor(
      async () => {
        const read = await readInput('streamerC', second.id);
        return read.state === 'error' ? read : undefined;
      },
      { what: 'the refusal recorded' },
    );
    expect(shown.stateReason).toContain('limit');
    await onAir.stop();
  }, 30_000);

  it("serves the playlists from memory, kept by the hub's segment events (as another node indexes them)", async () => {
    const input = await createInput('streamerA');
    const startedAt = Date.now() - 10_000;
    const row = (sequence: number) => ({
      inputId: input.id,
      sequence,
      startedAt: new Date(startedAt + sequence * 1000),
      duration: 1,
      path: `live/${ctx.accountA.id}/${input.id}/${sequence}.ts`,
      bytes: 188,
      discontinuity: sequence === 0,
    });
    await ctx.db.insert(liveSegments).values([row(0), row(1)]);
    const listed = async (url: string) =>
      (await ctx.request({ url: local(url) })).body.split('\n').filter((line) => /^\d+\.ts\?t=/.test(line));
    expect((await listed(input.playback.liveUrl)).map((uri) => uri.split('.')[0])).toEqual(['0', '1']);

    // Another node indexes segment 2 and says so on the hub: every process lists it at once.
    await ctx.db.insert(liveSegments).values(row(2));
    const { startedAt: at, duration, discontinuity } = row(2);
    await ctx.app.realtime.publish(accountTopic(ctx.accountA.id, LIVE_INDEX_TOPIC), {
      type: LIVE_SEGMENT_EVENT,
      payload: {
        inputId: input.id,
        sequence: 2,
        startedAt: at.toISOString(),
        duration,
        discontinuity,
        path: row(2).path,
      },
    });
    await waitFor(async () => (await listed(input.playback.dvrUrl)).length === 3, { what: 'segment 2 listed' });
    // A row nobody announced is not read per request: the playlist is made once per segment.
    await ctx.db.insert(liveSegments).values(row(3));
    expect(await listed(input.playback.liveUrl)).toHaveLength(3);
    // The input's playlist under another account's path: its token does not open it.
    const other = local(input.playback.liveUrl).replace(`/${ctx.accountA.id}/`, `/${ctx.accountB.id}/`);
    expect((await ctx.app.inject({ url: other })).statusCode).toBe(403);
  });

  it('refuses live media without a valid token', async () => {
    const input = await createInput('streamerA');
    const url = local(input.playback.liveUrl).replace(/t=[^&]+/, 't=1.abc');
    expect((await ctx.app.inject({ url })).statusCode).toBe(403);
    const other = local(input.playback.liveUrl).replace(`/${ctx.accountA.id}/`, `/${ctx.accountB.id}/`);
    expect((await ctx.app.inject({ url: other })).statusCode).toBe(403);
  });
});
