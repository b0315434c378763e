import { describe, expect, it } from 'vitest';
import { processingLookAt } from './publish.job.ts';

describe("a publication's looks at its platform's processing", () => {
  const uploadedAt = new Date('2026-11-28T20:00:00Z');
  const wait = (secondsSinceUpload: number) => {
    const now = uploadedAt.getTime() + secondsSinceUpload * 1000;
    return (processingLookAt(uploadedAt, now).getTime() - now) / 1000;
  };

  it('looks every second at first, then after half the time since the upload, then every 30 s', () => {
    expect(wait(0)).toBe(1);
    expect(wait(1.5)).toBe(1);
    expect(wait(4)).toBe(2);
    expect(wait(9)).toBe(4.5);
    expect(wait(60)).toBe(30);
    // An hour of YouTube processing: a look every 30 s, not every second.
    expect(wait(3600)).toBe(30);
  });
});
