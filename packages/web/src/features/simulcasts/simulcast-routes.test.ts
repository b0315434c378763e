import { describe, expect, it } from 'vitest';
import { uptimeText } from './simulcast-routes.ts';

describe('uptimeText', () => {
  it('gives hours, minutes and seconds since the target went live', () => {
    const since = '2026-01-01T10:00:00.000Z';
    expect(uptimeText(since, Date.parse('2026-01-01T11:02:05.900Z'))).toBe('1:02:05');
    expect(uptimeText(since, Date.parse('2026-01-01T09:59:00.000Z'))).toBe('0:00:00');
    expect(uptimeText(null, 0)).toBeNull();
  });
});
