import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { describe, expect, it } from 'vitest';
import { markerClipTitle } from './clip-title.ts';

const SECOND_HALF_AT = 3600;
const periods = [
  { period: 1, startsAt: 300 },
  { period: 2, startsAt: SECOND_HALF_AT },
];
const marker = (label: string, timeSeconds: number, match?: { period: number; periodSeconds: number }) => ({
  label,
  timeSeconds,
  period: match?.period ?? null,
  periodSeconds: match?.periodSeconds ?? null,
});

describe("a marker's clip title", () => {
  it("names the type, the player and the match minute: Goal – J. Miles 63'", () => {
    const title = markerClipTitle({
      eventName: 'Riverside v Harbour',
      periods,
      marker: marker('J. Miles', SECOND_HALF_AT + 17 * 60 + 10),
      typeName: 'Goal',
    });
    expect(title).toBe("Goal – J. Miles 63'");
  });

  it('takes the minute of an imported match event from its own clock, and does not name its type twice', () => {
    const title = markerClipTitle({
      eventName: 'Riverside v Harbour',
      periods: [],
      marker: marker('Goal: Luca Bernardi', 12, { period: 1, periodSeconds: 45 * 60 + 70 }),
      typeName: 'Goal',
    });
    expect(title).toBe("Goal: Luca Bernardi 45+2'");
  });

  it('gives a type alone its time when no kick-off is known, so that two goals differ', () => {
    const title = markerClipTitle({ eventName: 'Derby', periods: [], marker: marker('', 238.4), typeName: 'Goal' });
    expect(title).toBe('Goal – 3:58');
    expect(markerClipTitle({ eventName: 'Derby', periods: [], marker: marker('Header', 238), typeName: 'Goal' })).toBe(
      'Goal – Header',
    );
  });

  it("names a marker with neither type nor label after its event's moment", () => {
    expect(markerClipTitle({ eventName: 'Derby', periods: [], marker: marker('', 3.5), typeName: null })).toBe(
      'Derby – 0:03',
    );
    expect(markerClipTitle({ eventName: 'Derby', periods, marker: marker('', 300 + 59), typeName: null })).toBe(
      "Derby – 1'",
    );
  });

  it('fits a video title', () => {
    const title = markerClipTitle({
      eventName: 'Derby',
      periods: [],
      marker: marker('x'.repeat(200), 1),
      typeName: null,
    });
    expect(title.length).toBe(VIDEO_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
  });
});
