import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import { jobResourceName } from '@regie/contract/jobs.resources';
import { describe, expect, it } from 'vitest';
import { applyJobEvent, keepProgress } from './job-events.ts';
import { job } from './test-jobs.ts';

const video12 = { resourceType: 'Video', resourceId: 12 };

function progress(id: number, value: number, resourceId = '12') {
  return {
    topic: JOBS_TOPIC,
    type: JOB_EVENTS.progress,
    payload: { id, type: 'video.encode', progress: value, resourceType: 'Video', resourceId },
  };
}

describe('job events (spec §7 "Jobs")', () => {
  it('updates the progress of a known job in place, leaving the others as they are', () => {
    const other = job({ id: 2, progress: 70 });
    const effect = applyJobEvent([job({ id: 1, state: 'waiting', progress: 0 }), other], progress(1, 42), video12);
    expect(effect?.refetch).toBe(false);
    expect(effect?.jobs.map((item) => [item.id, item.state, item.progress])).toEqual([
      [1, 'in_progress', 42],
      [2, 'in_progress', 70],
    ]);
    expect(effect?.jobs[1]).toBe(other);
  });

  it('asks for the list again on the progress of a job it does not know', () => {
    expect(applyJobEvent([], progress(9, 5), video12)).toEqual({ jobs: [], refetch: true, ended: false });
  });

  it('ignores the jobs of another resource, or every video when no id is given', () => {
    expect(applyJobEvent([job()], progress(1, 50, '13'), video12)).toBeNull();
    expect(applyJobEvent([job()], progress(3, 50, '13'), { resourceType: 'Video' })?.refetch).toBe(true);
    expect(applyJobEvent([job()], progress(1, 50, '12'), { resourceType: 'Video' })?.jobs[0]?.progress).toBe(50);
  });

  it('drops a job that ended and tells that its resource changed', () => {
    const done = { topic: JOBS_TOPIC, type: JOB_EVENTS.state, payload: job({ state: 'done', progress: 100 }) };
    expect(applyJobEvent([job(), job({ id: 2 })], done, video12)).toMatchObject({
      jobs: [{ id: 2 }],
      refetch: true,
      ended: true,
    });
    const cancelled = {
      topic: JOBS_TOPIC,
      type: JOB_EVENTS.cancelled,
      payload: { id: 2, type: 'video.encode', resourceType: 'Video', resourceId: '12' },
    };
    expect(applyJobEvent([job({ id: 2 })], cancelled, video12)).toMatchObject({ jobs: [], ended: true });
  });

  it('adds a job that started waiting, without waiting for the refetch', () => {
    const queued = {
      topic: JOBS_TOPIC,
      type: JOB_EVENTS.state,
      payload: job({ id: 5, state: 'waiting', progress: 0 }),
    };
    expect(applyJobEvent([], queued, video12)).toMatchObject({ jobs: [{ id: 5, state: 'waiting' }], ended: false });
  });

  it('keeps the newer progress when a list fetched earlier arrives after progress events', () => {
    const fetched = [job({ id: 1, progress: 20 }), job({ id: 2, state: 'waiting', progress: 0 })];
    const live = [job({ id: 1, progress: 55 }), job({ id: 2, state: 'in_progress', progress: 30 })];
    expect(keepProgress(live, fetched).map((item) => [item.id, item.state, item.progress])).toEqual([
      [1, 'in_progress', 55],
      [2, 'waiting', 0],
    ]);
  });

  it('names the generic resource of a job', () => {
    expect(jobResourceName('Video')).toBe('videos');
  });
});
