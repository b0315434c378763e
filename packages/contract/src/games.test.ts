import { describe, expect, it } from 'vitest';
import { closeNowWindow, motmIsOpen, motmWindow, openNowWindow, predictionsLockAt } from './games.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 4, 20, 0) + minutes * 60_000);
const match = { startsAt: at(0), endsAt: at(105) };
const none = { opensAt: null, closesAt: null };

describe('the predictor’s lock', () => {
  it.each([
    [0, at(0)],
    [15, at(-15)],
  ])('with %i minutes before kick-off locks at the right time', (minutes, expected) => {
    expect(predictionsLockAt(match.startsAt, minutes)).toEqual(expected);
  });
});

describe('the MOTM voting window', () => {
  it.each([
    ['at the end', { openAtKickoff: false, votingMinutesAfterEnd: 30 }, none, at(105), at(135)],
    ['at kick-off', { openAtKickoff: true, votingMinutesAfterEnd: 10 }, none, at(0), at(115)],
    [
      'the game’s own',
      { openAtKickoff: true, votingMinutesAfterEnd: 10 },
      { opensAt: at(50), closesAt: at(60) },
      at(50),
      at(60),
    ],
  ])('opens %s', (_name, settings, own, opensAt, closesAt) => {
    expect(motmWindow(match, own, settings)).toEqual({ opensAt, closesAt });
  });

  it('has no end-based time for an event without an end', () => {
    expect(
      motmWindow({ startsAt: at(0), endsAt: null }, none, { openAtKickoff: false, votingMinutesAfterEnd: 30 }),
    ).toEqual(none);
    expect(
      motmWindow({ startsAt: at(0), endsAt: null }, none, { openAtKickoff: true, votingMinutesAfterEnd: 30 }),
    ).toEqual({
      opensAt: at(0),
      closesAt: null,
    });
  });

  it.each([
    [at(104), false],
    [at(105), true],
    [at(134), true],
    [at(135), false],
  ])('at %s is open: %s', (now, open) => {
    expect(motmIsOpen({ opensAt: at(105), closesAt: at(135) }, now)).toBe(open);
  });

  it('is closed without an opening, open for good without a closing', () => {
    expect(motmIsOpen(none, at(0))).toBe(false);
    expect(motmIsOpen({ opensAt: at(0), closesAt: null }, at(10_000))).toBe(true);
  });
});

describe('Open now and Close now (issue 46.5)', () => {
  it('opens from now until the planned closing when it is still ahead', () => {
    const opened = openNowWindow({ opensAt: at(105), closesAt: at(135) }, at(60), 30);
    expect(opened).toEqual({ opensAt: at(60), closesAt: at(135) });
    expect(motmIsOpen(opened, at(60))).toBe(true);
  });

  it('opens for the voting time when the planned closing has passed or there is none', () => {
    expect(openNowWindow({ opensAt: at(105), closesAt: at(135) }, at(200), 30)).toEqual({
      opensAt: at(200),
      closesAt: at(230),
    });
    expect(openNowWindow(none, at(0), 0)).toEqual({ opensAt: at(0), closesAt: at(5) });
  });

  it('closes at once, keeping when it opened', () => {
    const closed = closeNowWindow({ opensAt: at(105), closesAt: at(135) }, at(110));
    expect(closed).toEqual({ opensAt: at(105), closesAt: at(110) });
    expect(motmIsOpen(closed, at(110))).toBe(false);
  });
});
