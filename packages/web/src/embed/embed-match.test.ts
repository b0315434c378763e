import type { EmbedMatch, EmbedMatchMoment, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from './embed-i18n.ts';
import { EmbedPage } from './embed-page.ts';

/**
 * A data-only match's page (NO_VIDEO, embed-match.ts) through the page's state machine: the
 * scoreboard, the ticking clock and the timeline, changed in place by a new read, in en and fr.
 */

const KICK_OFF = '2026-11-28T20:00:00.000Z';

const goal = (id: number, minute: string, side: 'home' | 'away', person: string): EmbedMatchMoment => ({
  id,
  minute,
  code: 'goal',
  type: 'Goal',
  label: `Goal: ${person}`,
  side,
  person,
});
const booking: EmbedMatchMoment = {
  id: 2,
  minute: "21'",
  code: 'yellow-card',
  type: 'Yellow card',
  label: 'Yellow card: Ben Stopper',
  side: 'away',
  person: 'Ben Stopper',
};

function matchOf(timeline: EmbedMatchMoment[], score: EmbedMatch['score'], over = false): EmbedPlayerResponse {
  return {
    state: 'match',
    available: false,
    title: 'Lions v Tigers',
    posterUrl: null,
    match: {
      home: { name: 'Lions', crestUrl: '/images/lions.png' },
      away: { name: 'Tigers', crestUrl: null },
      score,
      periods: [{ period: 1, kickOffAt: KICK_OFF }],
      over,
      timeline,
    },
  };
}

function harness(language: 'en' | 'fr') {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const answers: EmbedPlayerResponse[] = [];
  const page = new EmbedPage(root, translator(language), language, {
    read: async () => {
      const next = answers.shift();
      return next ? { status: 200, text: JSON.stringify(next) } : null;
    },
    playback: async () => null,
    attach: async () => {
      throw new Error('a data-only match plays nothing');
    },
    reportPlay: async () => false,
    schedule: () => undefined,
  });
  const text = (selector: string) => root.querySelector(selector)?.textContent ?? '';
  const lines = () => [...root.querySelectorAll('.match-timeline li')].map((line) => line.textContent);
  return { root, page, answers, text, lines };
}

beforeEach(() => {
  vi.useFakeTimers();
  // 12 minutes and 30 seconds into the first half.
  vi.setSystemTime(Date.parse(KICK_OFF) + 12 * 60_000 + 30_000);
});
afterEach(() => vi.useRealTimers());

describe('a data-only match page', () => {
  it('shows the scoreboard, ticks the clock and adds a new goal in place (en)', async () => {
    const { root, page, answers, text, lines } = harness('en');
    answers.push(matchOf([booking, goal(1, "13'", 'home', 'Ada Striker')], { home: 1, away: 0 }));
    await page.readOnce();

    expect(text('h1')).toBe('Lions v Tigers');
    expect(text('.team-home')).toBe('Lions');
    expect(text('.team-away')).toBe('Tigers');
    expect(text('.score')).toBe('1 – 0');
    expect(root.querySelector<HTMLImageElement>('.team-home .crest')?.getAttribute('src')).toBe('/images/lions.png');
    expect(root.querySelector<HTMLImageElement>('.team-away .crest')?.hidden).toBe(true);
    const clock = root.querySelector('[role="timer"]');
    expect(clock?.getAttribute('aria-label')).toBe('Match clock');
    expect(clock?.textContent).toBe("13'");
    expect(root.querySelector('.match-timeline')?.getAttribute('aria-labelledby')).toBe('match-timeline-title');
    expect(text('#match-timeline-title')).toBe('Match timeline');
    expect(lines()).toEqual(["21' Yellow card Ben Stopper (Tigers)", "13' Goal Ada Striker (Lions)"]);

    // The clock ticks on the page between reads.
    vi.advanceTimersByTime(60_000);
    expect(clock?.textContent).toBe("14'");

    // The next read: the Tigers equalise. The lines already shown stay the same elements.
    const kept = root.querySelector('.match-timeline li:last-child');
    answers.push(
      matchOf([goal(3, "26'", 'away', 'Cy Finisher'), booking, goal(1, "13'", 'home', 'Ada Striker')], {
        home: 1,
        away: 1,
      }),
    );
    await page.readOnce();
    expect(text('.score')).toBe('1 – 1');
    expect(lines()).toEqual([
      "26' Goal Cy Finisher (Tigers)",
      "21' Yellow card Ben Stopper (Tigers)",
      "13' Goal Ada Striker (Lions)",
    ]);
    expect(root.querySelector('.match-timeline li:last-child')).toBe(kept);
    expect(root.querySelector('[role="timer"]')).toBe(clock);
  });

  it('says it in French: the moments, the half-time and the end', async () => {
    const { page, answers, text, lines, root } = harness('fr');
    answers.push(matchOf([booking, goal(1, "13'", 'home', 'Ada Striker')], { home: 1, away: 0 }));
    await page.readOnce();
    expect(root.querySelector('[role="timer"]')?.getAttribute('aria-label')).toBe('Chrono du match');
    expect(text('#match-timeline-title')).toBe('Le fil du match');
    expect(lines()).toEqual(["21' Carton jaune Ben Stopper (Tigers)", "13' But Ada Striker (Lions)"]);
    // 45 minutes of play and the longest stoppage time past: half-time until the second half kicks off.
    vi.advanceTimersByTime(50 * 60_000);
    expect(text('[role="timer"]')).toBe('Mi-temps');

    answers.push(matchOf([goal(1, "13'", 'home', 'Ada Striker')], { home: 1, away: 0 }, true));
    await page.readOnce();
    expect(text('[role="timer"]')).toBe('Fin du match');
    // A moment taken off by the feed leaves the timeline.
    expect(lines()).toEqual(["13' But Ada Striker (Lions)"]);
  });

  it('says when nothing has happened yet, and the stoppage time', async () => {
    const { page, answers, text, root } = harness('en');
    answers.push(matchOf([], { home: 0, away: 0 }));
    await page.readOnce();
    expect(root.querySelector<HTMLElement>('.match-empty')?.hidden).toBe(false);
    expect(text('.match-empty')).toBe('Nothing has happened yet.');
    vi.advanceTimersByTime(34 * 60_000);
    expect(text('[role="timer"]')).toBe("45+2'");
  });
});
