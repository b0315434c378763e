import { describe, expect, it } from 'vitest';
import {
  addSample,
  confirmedBytes,
  fileIdentity,
  findResumable,
  forgetUpload,
  megabytesPerSecond,
  type PlannedPart,
  planParts,
  progressPercent,
  readResumable,
  rememberUpload,
  secondsLeft,
  sendParts,
  startSpeed,
} from './upload-engine.ts';

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
const statusOf = (error: unknown) => (error instanceof HttpFailure ? error.status : null);
const noWait = async () => undefined;

describe('upload parts (spec §7 url-multipart)', () => {
  it('plans every part of the file, the last one shorter, leaving out those the server has', () => {
    expect(planParts(25, 10, [])).toEqual([
      { partNumber: 1, start: 0, end: 10 },
      { partNumber: 2, start: 10, end: 20 },
      { partNumber: 3, start: 20, end: 25 },
    ]);
    expect(planParts(25, 10, [1, 3]).map((part) => part.partNumber)).toEqual([2]);
    expect(planParts(25, 10, [1, 2, 3])).toEqual([]);
    expect(confirmedBytes(25, 10, [1, 3, 3])).toBe(15);
  });

  it('shows the confirmed bytes over the size, and 100 only once completed', () => {
    expect(progressPercent(0, 1_000, false)).toBe(0);
    expect(progressPercent(250, 1_000, false)).toBe(25);
    expect(progressPercent(998, 1_000, false)).toBe(99);
    expect(progressPercent(1_000, 1_000, false)).toBe(99);
    expect(progressPercent(1_000, 1_000, true)).toBe(100);
  });

  it('smooths the speed and gives the time left', () => {
    let speed = startSpeed(0);
    expect(secondsLeft(10_000_000, speed.bytesPerSecond)).toBeNull();
    speed = addSample(speed, 8_000_000, 1_000);
    expect(speed.bytesPerSecond).toBe(8_000_000);
    expect(megabytesPerSecond(8_000_000)).toBe('8.0');
    // One slow part moves the estimate only part of the way.
    speed = addSample(speed, 8_000_000, 5_000);
    expect(speed.bytesPerSecond).toBeCloseTo(0.3 * 2_000_000 + 0.7 * 8_000_000);
    expect(secondsLeft(6_200_000, speed.bytesPerSecond)).toBe(1);
  });
});

describe('resume after a reload', () => {
  it('finds the upload of the same file and account only, and forgets it once done', () => {
    const file = fileIdentity({ name: 'match.mp4', size: 5_000, lastModified: 1_700_000_000_000 });
    rememberUpload(localStorage, { uploadId: 'u1', videoId: 4, accountId: 1, file, confirmedBytes: 0 });
    rememberUpload(localStorage, { uploadId: 'u2', videoId: 5, accountId: 2, file, confirmedBytes: 0 });
    expect(findResumable(localStorage, 1, file)?.uploadId).toBe('u1');
    expect(findResumable(localStorage, 1, { ...file, lastModified: 1 })).toBeNull();
    expect(findResumable(localStorage, 1, { ...file, size: 4_999 })).toBeNull();
    // Newer progress of the same upload replaces the entry.
    rememberUpload(localStorage, { uploadId: 'u1', videoId: 4, accountId: 1, file, confirmedBytes: 2_000 });
    expect(readResumable(localStorage, 1)).toEqual([
      { uploadId: 'u1', videoId: 4, accountId: 1, file, confirmedBytes: 2_000 },
    ]);
    forgetUpload(localStorage, 'u1');
    forgetUpload(localStorage, 'u2');
    expect(findResumable(localStorage, 1, file)).toBeNull();
    expect(localStorage.getItem('regie.videoUploads')).toBeNull();
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem('regie.videoUploads', '{not json');
    expect(readResumable(localStorage, 1)).toEqual([]);
    localStorage.clear();
  });
});

describe('sending parts', () => {
  const parts = planParts(50, 10, []);

  it('sends at most three parts at once and every part once', async () => {
    let running = 0;
    let most = 0;
    const sent: number[] = [];
    await sendParts({
      parts,
      signal: new AbortController().signal,
      statusOf,
      sendPart: async (part) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        sent.push(part.partNumber);
      },
      onPartDone: () => undefined,
    });
    expect(most).toBe(3);
    expect(sent.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends a part again after a dropped connection, with growing delays', async () => {
    const failures = new Map([[2, 2]]);
    const retries: [number, number, number][] = [];
    const done: number[] = [];
    await sendParts({
      parts,
      signal: new AbortController().signal,
      statusOf,
      delayMs: (attempt) => 100 * 2 ** attempt,
      sleep: noWait,
      sendPart: async (part) => {
        const left = failures.get(part.partNumber) ?? 0;
        if (left > 0) {
          failures.set(part.partNumber, left - 1);
          throw new HttpFailure(0);
        }
      },
      onPartDone: (part: PlannedPart) => done.push(part.partNumber),
      onRetry: (part, attempt, delay) => retries.push([part.partNumber, attempt, delay]),
    });
    expect(retries).toEqual([
      [2, 1, 100],
      [2, 2, 200],
    ]);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at a refusal (an expired session) without retrying, and after too many attempts', async () => {
    let calls = 0;
    const expired = sendParts({
      parts,
      signal: new AbortController().signal,
      statusOf,
      sleep: noWait,
      sendPart: async (part) => {
        calls += 1;
        if (part.partNumber === 1) throw new HttpFailure(410);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      onPartDone: () => undefined,
    });
    await expect(expired).rejects.toMatchObject({ status: 410 });
    // The two parts already under way finished; no other part started.
    expect(calls).toBe(3);

    let attempts = 0;
    const down = sendParts({
      parts: parts.slice(0, 1),
      signal: new AbortController().signal,
      statusOf,
      sleep: noWait,
      attempts: 4,
      sendPart: async () => {
        attempts += 1;
        throw new HttpFailure(503);
      },
      onPartDone: () => undefined,
    });
    await expect(down).rejects.toMatchObject({ status: 503 });
    expect(attempts).toBe(4);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const done: number[] = [];
    const run = sendParts({
      parts,
      signal: controller.signal,
      statusOf,
      concurrency: 1,
      sendPart: async (part, signal) => {
        if (part.partNumber === 2) controller.abort(new DOMException('Cancelled', 'AbortError'));
        signal.throwIfAborted();
      },
      onPartDone: (part) => done.push(part.partNumber),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(done).toEqual([1]);
  });
});
