import { describe, expect, it } from 'vitest';
import type { AccessSubject } from './access.ts';
import { CHAPTER_TITLE_MAX, CONFERENCE_MESSAGES, chapterClock, chapterEnd, chapterProblems } from './conferences.ts';
import { canAccess, findRouteByPath } from './routes.ts';

const who = (roles: string[], modules: string[]): AccessSubject => ({ roles, modules, accessLevel: 0 });

function opens(subject: AccessSubject, path: string): boolean {
  const entry = findRouteByPath(path);
  if (!entry) throw new Error(`no route ${path}`);
  return canAccess(subject, entry);
}

describe('chapter rules', () => {
  it('accepts titled chapters at distinct starts within the video', () => {
    const chapters = [
      { title: 'Welcome', startSeconds: 0 },
      { title: 'Keynote', startSeconds: 12.5 },
    ];
    expect(chapterProblems(chapters, 30)).toEqual([]);
    expect(chapterProblems(chapters, null)).toEqual([]);
  });

  it('names each problem: empty or long title, start before 0 or beyond the video', () => {
    const problems = chapterProblems(
      [
        { title: '  ', startSeconds: 1 },
        { title: 'x'.repeat(CHAPTER_TITLE_MAX + 1), startSeconds: -1 },
        { title: 'Late', startSeconds: 30 },
      ],
      30,
    );
    expect(problems).toEqual([
      { index: 0, field: 'title', message: CONFERENCE_MESSAGES.titleRequired },
      { index: 1, field: 'title', message: CONFERENCE_MESSAGES.titleTooLong },
      { index: 1, field: 'startSeconds', message: CONFERENCE_MESSAGES.startNegative },
      { index: 2, field: 'startSeconds', message: CONFERENCE_MESSAGES.startBeyondVideo(30) },
    ]);
  });

  it('refuses two chapters at the same start, naming the later one in the list', () => {
    const problems = chapterProblems(
      [
        { title: 'B', startSeconds: 65.001 },
        { title: 'A', startSeconds: 10 },
        { title: 'C', startSeconds: 65 },
      ],
      null,
    );
    expect(problems).toEqual([{ index: 2, field: 'startSeconds', message: CONFERENCE_MESSAGES.sameStart('1:05') }]);
  });

  it('ends a chapter at the next one, the last at the end of the video', () => {
    const sorted = [
      { id: 4, startSeconds: 0 },
      { id: 2, startSeconds: 10 },
    ];
    expect(chapterEnd(sorted, 4, 30)).toBe(10);
    expect(chapterEnd(sorted, 2, 30)).toBe(30);
    expect(chapterEnd(sorted, 2, null)).toBeNull();
    expect(chapterClock(3725)).toBe('1:02:05');
  });
});

describe('conference screens (spec §6: conf_player_write or clip_only)', () => {
  const writer = who(['conf_player_write'], ['BUSINESS_PLAYERS']);
  const clipper = who(['clip_only'], ['BUSINESS_PLAYERS', 'STREAM_CLIPPING']);
  it('opens every tab to writers, only the clip tab and page to clip_only', () => {
    expect(opens(writer, '/events/conferences/new')).toBe(true);
    expect(opens(writer, '/events/conferences/edit/:id/chapters')).toBe(true);
    expect(opens(clipper, '/events/conferences/list')).toBe(true);
    expect(opens(clipper, '/events/conferences/new')).toBe(false);
    expect(opens(clipper, '/events/conferences/edit/:id/info')).toBe(false);
    expect(opens(clipper, '/events/conferences/edit/:id/chapters')).toBe(false);
    expect(opens(clipper, '/events/conferences/edit/:id/clip')).toBe(true);
    expect(opens(clipper, '/clipping/conference')).toBe(true);
    expect(opens(clipper, '/clipping/event')).toBe(false);
    expect(opens(who(['sport_player_write'], ['BUSINESS_PLAYERS']), '/events/conferences/list')).toBe(false);
  });
});
