import { JOB_MESSAGES } from '@regie/contract/jobs';
import { CONVERT_LIMITS } from '@regie/contract/live.convert';
import { describe, expect, it } from 'vitest';
import type { TargetReport } from '../simulcast/simulcast.supervisor.ts';
import { type ConversionProgress, progressWrite } from './convert.progress.ts';

const report = (status: TargetReport['status'], outSeconds = 0, restarts = 0): TargetReport => ({
  targetId: 1,
  status,
  bitrateKbps: null,
  liveSince: null,
  restarts,
  lastError: status === 'retrying' ? JOB_MESSAGES.failed('gone') : null,
  outTimeUs: outSeconds * 1e6,
});

const fresh = (): ConversionProgress => ({
  durationSeconds: 60,
  launchedAt: 10,
  position: 10,
  lastWrite: 0,
  lastStatus: 'starting',
  finished: false,
});

describe("a conversion's progress (convert.engine.ts's reports, tested alone)", () => {
  it('writes a change of state at once, and the position no more often than positionEveryMs', () => {
    const progress = fresh();
    const playing = progressWrite(progress, report('live', 2), 1_000);
    // Started 10 s in: 2 s of output is 12 s into the video.
    expect(playing).toMatchObject({ state: 'playing', positionSeconds: 12, lastError: null });
    expect(progressWrite(progress, report('live', 3), 1_000 + CONVERT_LIMITS.positionEveryMs - 1)).toBeNull();
    expect(progress.position).toBe(13);
    expect(progressWrite(progress, report('live', 4), 1_000 + CONVERT_LIMITS.positionEveryMs)).toMatchObject({
      state: 'playing',
      positionSeconds: 14,
    });
  });

  it('keeps the reason of a retry, never passes the end, and leaves a stop to the stop itself', () => {
    const progress = fresh();
    expect(progressWrite(progress, report('retrying', 0, 2), 5)).toMatchObject({ state: 'retrying', restarts: 2 });
    expect(progressWrite(progress, report('retrying', 0, 2), 5)).toBeNull();
    progressWrite(progress, report('live', 500), 10_000);
    expect(progress.position).toBe(60);
    expect(progressWrite(progress, report('stopped'), 20_000)).toBeNull();
    expect(progress.lastStatus).toBe('stopped');
  });

  it('says finished once the video has played to its end', () => {
    const progress = { ...fresh(), finished: true };
    expect(progressWrite(progress, report('live', 1), 1)).toMatchObject({ state: 'finished' });
  });
});
