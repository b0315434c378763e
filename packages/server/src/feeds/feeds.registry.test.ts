import { FEED_PROVIDERS } from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { describe, expect, it } from 'vitest';
import { reportedMinute } from './feeds.clock.ts';
import { jsonErrorOffset, kickOff, readTime } from './feeds.document.ts';
import { FEED_ADAPTER_INFOS, feedAdapter } from './feeds.registry.ts';

describe('feed adapters registry', () => {
  it('has one adapter per provider, and their descriptions without the parser', () => {
    for (const provider of FEED_PROVIDERS) expect(feedAdapter(provider).provider).toBe(provider);
    expect(FEED_ADAPTER_INFOS.map((info) => info.provider)).toEqual([...FEED_PROVIDERS]);
    for (const info of FEED_ADAPTER_INFOS) {
      expect(info).not.toHaveProperty('parse');
      expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    }
  });

  it('refuses an unknown provider, naming the known ones', () => {
    expect(() => feedAdapter('opta')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        reason: FEED_MESSAGES.unknownProvider('opta', 'openfootball, statsbomb, csv'),
      }),
    );
  });
});

describe('match clock', () => {
  it.each([
    [12, 0, 1, 12 * 60],
    [45, 2, 1, 47 * 60],
    [46, 0, 2, 60],
    [90, 5, 2, 50 * 60],
    [91, 0, 3, 60],
    [105, 1, 3, 16 * 60],
    [106, 0, 4, 60],
    [120, 3, 4, 18 * 60],
  ])('%i+%i is period %i, %i s after its kick-off', (minute, offset, period, seconds) => {
    expect(reportedMinute(minute, offset)).toMatchObject({ period, periodSeconds: seconds });
  });
});

describe('documents', () => {
  it('finds where a text stops being JSON', () => {
    expect(jsonErrorOffset('{"a": x}')).toBe(6);
    expect(jsonErrorOffset('{"a": [1, 2')).toBe(11);
    expect(jsonErrorOffset('[1, 2] 3')).toBe(7);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('"\\q"')).toBe(2);
  });

  it('reads kick-off times and places them in a time zone, daylight saving included', () => {
    expect(readTime('18:00 UTC+3')).toEqual({ hour: 18, minute: 0, second: 0, offsetMinutes: 180 });
    expect(readTime('19:45 UTC+5:30')).toEqual({ hour: 19, minute: 45, second: 0, offsetMinutes: 330 });
    expect(readTime('17:00 UTC-3')).toEqual({ hour: 17, minute: 0, second: 0, offsetMinutes: -180 });
    expect(readTime('20:00')).toEqual({ hour: 20, minute: 0, second: 0 });
    expect(readTime('24:00')).toBeUndefined();
    expect(kickOff('2025-01-15', 20, 0, 0, { timeZone: 'Europe/Paris' })).toBe('2025-01-15T20:00:00+01:00');
    expect(kickOff('2025-07-15', 20, 0, 0, { timeZone: 'Europe/Paris' })).toBe('2025-07-15T20:00:00+02:00');
    expect(kickOff('2025-03-30', 12, 0, 0, { timeZone: 'Europe/Paris' })).toBe('2025-03-30T12:00:00+02:00');
    expect(kickOff('2025-07-15', 20, 0, 0, { timeZone: 'America/Sao_Paulo' })).toBe('2025-07-15T20:00:00-03:00');
  });
});
