// Kept free of zod so the web app can import these values without a schema library; the request
// and response schemas are in conferences.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { type Message, messageCatalog } from './messages.ts';

/**
 * Conferences (spec: business players, /main-api/business-players; spec §7 "Business players"):
 * the record is a plain resource (resources/business-players.ts); here are its other calls.
 *
 * - Speakers, ordered: PATCH business-players/{id}/relationships/speakers with
 *   `{data: [{type: 'Speaker', id}]}` (the order of `data` is the order shown), as the events'
 *   challengers; GET the same path answers the same shape; GET business-players/{id}?expand=[Speakers]
 *   gives the speakers' records in that order.
 * - Chapters of the replay video (spec §7 "DELETE and POST chapters; PUT/DELETE chapters/{id}"):
 *   GET and POST (replaces all, body the full list) and DELETE (all) on …/chapters; PUT and DELETE
 *   on …/chapters/{chapterId}. Always answered sorted by start.
 * - POST …/actions `{type: 'export_chapters'}`: the chapters as WebVTT, CSV and a text description
 *   with YouTube-style timestamps.
 * - Clips: POST …/clips cuts one from a chapter (its start to the next chapter's start, or the end
 *   of the video) or from an in/out range, through the clip engine (contract clips.ts); GET lists them.
 */

/** Spec §6 "Clip tabs: liveclipping_write (conference clip also allows clip_only)". */
export const CONFERENCE_CLIP_RULE: AccessRule = {
  authorizedRoles: ['liveclipping_write', 'clip_only'],
  requiredModules: ['BUSINESS_PLAYERS'],
};

export const CHAPTER_TITLE_MAX = 100;
/** Chapters of one conference. */
export const CHAPTERS_MAX = 200;
/** Speakers of one conference. */
export const CONFERENCE_SPEAKERS_MAX = 50;
/** Two starts closer than this are the same start (a player's currentTime is in microseconds). */
export const CHAPTER_START_TOLERANCE_SECONDS = 0.01;
/** The relationship's member type (spec §7 "PATCH relationships/challengers" for events). */
export const SPEAKER_RELATIONSHIP_TYPE = 'Speaker';
/** The actions POST …/actions takes. */
export const CONFERENCE_ACTIONS = ['export_chapters'] as const;
export type ConferenceAction = (typeof CONFERENCE_ACTIONS)[number];

const base = (id: number | string) => `${MAIN_API}/business-players/${id}`;

export const conferencePaths = {
  /** GET / PATCH {data: [{type: 'Speaker', id}]}. */
  speakers: (id: number | string) => `${base(id)}/relationships/speakers`,
  /** GET {data}; POST {chapters} replaces all; DELETE all. */
  chapters: (id: number | string) => `${base(id)}/chapters`,
  /** PUT {title?, startSeconds?}; DELETE. */
  chapter: (id: number | string, chapterId: number | string) => `${base(id)}/chapters/${chapterId}`,
  /** POST {type: 'export_chapters'}. */
  actions: (id: number | string) => `${base(id)}/actions`,
  /** POST a clip (202 {video, job}); GET {data, total}, newest first. */
  clips: (id: number | string) => `${base(id)}/clips`,
  /** GET {video}: the replay video as the player needs it (null without one), for whoever reads the conference. */
  replay: (id: number | string) => `${base(id)}/replay`,
  /**
   * GET ?search&limit&offset → {data, total} (clip sources' shape): the account's ready videos a
   * writer may choose as a replay, for writers who do not read the video library.
   */
  replaySources: `${MAIN_API}/business-players/replay-sources`,
} as const;

export const CONFERENCE_MESSAGES = messageCatalog('CONFERENCE_MESSAGES', {
  notFound: (id: number | string) => `Conference ${id} not found`,
  chapterNotFound: (id: number | string) => `Chapter ${id} not found`,
  endsBeforeStart: 'The conference must end on or after its start',
  titleRequired: 'A chapter needs a title',
  titleTooLong: `A chapter title has at most ${CHAPTER_TITLE_MAX} characters`,
  startNegative: 'A chapter cannot start before the beginning of the video',
  startBeyondVideo: (duration: number) => `A chapter must start within the video (it lasts ${duration.toFixed(2)} s)`,
  sameStart: (clock: string) => `Two chapters start at ${clock}: each chapter needs its own start`,
  tooManyChapters: `A conference has at most ${CHAPTERS_MAX} chapters`,
  unknownAction: `Unknown action: the only action is ${CONFERENCE_ACTIONS.join(', ')}`,
  unknownSpeaker: (id: number) => `Speaker ${id} not found in this account`,
  duplicateSpeaker: (id: number) => `Speaker ${id} is listed twice`,
  noVideo: (id: number | string) => `Conference ${id} has no replay video: set its video first`,
  rangeOrChapter: 'Give either a chapter or an in and out range, not both',
  rangeMissing: 'Give a chapter, or both an in and an out point',
});

/** A chapter as the rules see it. */
export interface ChapterDraft {
  title: string;
  startSeconds: number;
}

export interface ChapterProblem {
  /** The chapter's place in the list given; null for the list as a whole. */
  index: number | null;
  field: 'title' | 'startSeconds' | null;
  message: Message;
}

/** 75.5 → "1:15", 3725 → "1:02:05": the clock people read in messages. */
export function chapterClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The problems of one chapter on its own: a title, within limits, a start within the video. */
function chapterOwnProblems(chapter: ChapterDraft, index: number, duration: number | null): ChapterProblem[] {
  const problems: ChapterProblem[] = [];
  const title = chapter.title.trim();
  if (title.length === 0) problems.push({ index, field: 'title', message: CONFERENCE_MESSAGES.titleRequired });
  if (title.length > CHAPTER_TITLE_MAX)
    problems.push({ index, field: 'title', message: CONFERENCE_MESSAGES.titleTooLong });
  if (!Number.isFinite(chapter.startSeconds) || chapter.startSeconds < 0) {
    problems.push({ index, field: 'startSeconds', message: CONFERENCE_MESSAGES.startNegative });
  } else if (duration !== null && chapter.startSeconds >= duration) {
    problems.push({ index, field: 'startSeconds', message: CONFERENCE_MESSAGES.startBeyondVideo(duration) });
  }
  return problems;
}

/**
 * What is wrong with a conference's chapters (the server answers 400 with these; the editor shows
 * them before sending): each needs a title of at most CHAPTER_TITLE_MAX characters and a start
 * from 0 to before the end of the video when its duration is known, and no two start at the same
 * time (the later one in the list is named).
 */
export function chapterProblems(chapters: readonly ChapterDraft[], duration: number | null): ChapterProblem[] {
  const problems: ChapterProblem[] = [];
  if (chapters.length > CHAPTERS_MAX) {
    problems.push({ index: null, field: null, message: CONFERENCE_MESSAGES.tooManyChapters });
  }
  chapters.forEach((chapter, index) => {
    problems.push(...chapterOwnProblems(chapter, index, duration));
  });
  const sorted = chapters
    .map((chapter, index) => ({ start: chapter.startSeconds, index }))
    .sort((a, b) => a.start - b.start || a.index - b.index);
  sorted.forEach((current, i) => {
    const previous = sorted[i - 1];
    if (!previous || current.start - previous.start >= CHAPTER_START_TOLERANCE_SECONDS) return;
    const index = Math.max(current.index, previous.index);
    const message = CONFERENCE_MESSAGES.sameStart(chapterClock(current.start));
    problems.push({ index, field: 'startSeconds', message });
  });
  return problems;
}

/**
 * Where a chapter's clip ends: the next chapter's start, else the end of the video (null when
 * neither is known). `chapters` sorted by start.
 */
export function chapterEnd(
  chapters: readonly { id: number; startSeconds: number }[],
  chapterId: number,
  duration: number | null,
): number | null {
  const index = chapters.findIndex((chapter) => chapter.id === chapterId);
  if (index < 0) return null;
  return chapters[index + 1]?.startSeconds ?? duration;
}
