import { z } from 'zod';
import { recordId } from './accounts.ts';
import { clipSource } from './clips.schemas.ts';
import {
  CHAPTER_TITLE_MAX,
  CHAPTERS_MAX,
  CONFERENCE_ACTIONS,
  CONFERENCE_MESSAGES,
  CONFERENCE_SPEAKERS_MAX,
  SPEAKER_RELATIONSHIP_TYPE,
} from './conferences.ts';
import { isoDateTime } from './datetime.ts';
import { schemaMessage } from './messages.ts';
import { referenceId } from './resources/shapes.ts';
import { VIDEO_TITLE_MAX } from './videos.ts';

/** zod schemas of the conference calls; paths, limits, messages and the chapter rules in conferences.ts. */

export const conferenceIdParams = z.object({ id: recordId });
export const chapterParams = z.object({ id: recordId, chapterId: recordId });

/** PATCH business-players/{id}/relationships/speakers: the speakers in the order shown. */
export const speakersRelationship = z
  .object({
    data: z
      .array(z.object({ type: z.literal(SPEAKER_RELATIONSHIP_TYPE), id: referenceId }).strict())
      .max(CONFERENCE_SPEAKERS_MAX),
  })
  .strict();
export type SpeakersRelationship = z.infer<typeof speakersRelationship>;

// Titles are checked by chapterProblems (conferences.ts) with the other rules, so that every
// problem of a list comes back at once with its own message; the schema keeps the shape.
const chapterTitle = z.string().max(CHAPTER_TITLE_MAX * 4);
const chapterStart = z.number().finite();

export const chapterInput = z.object({ title: chapterTitle, startSeconds: chapterStart }).strict();
export type ChapterInput = z.infer<typeof chapterInput>;

/** POST …/chapters: the whole list (replaces every chapter); any order, stored sorted by start. */
export const chaptersBody = z
  .object({
    chapters: z.array(chapterInput).max(CHAPTERS_MAX, { message: schemaMessage(CONFERENCE_MESSAGES.tooManyChapters) }),
  })
  .strict();
export type ChaptersBody = z.infer<typeof chaptersBody>;

/** PUT …/chapters/{chapterId}: what changes. */
export const chapterPatch = z
  .object({ title: chapterTitle.optional(), startSeconds: chapterStart.optional() })
  .strict();
export type ChapterPatch = z.infer<typeof chapterPatch>;

export const chapterRecord = z.object({
  id: z.number(),
  businessPlayerId: z.number(),
  title: z.string(),
  startSeconds: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ChapterRecord = z.infer<typeof chapterRecord>;

/** Every chapter answer: the conference's chapters sorted by start. */
export const chaptersResponse = z.object({ data: z.array(chapterRecord) });
export type ChaptersResponse = z.infer<typeof chaptersResponse>;

/** POST …/actions. */
export const conferenceActionBody = z
  .object({ type: z.enum(CONFERENCE_ACTIONS, { message: schemaMessage(CONFERENCE_MESSAGES.unknownAction) }) })
  .strict();

/** The export_chapters action's answer: three texts of the same chapters. */
export const chaptersExport = z.object({
  type: z.literal('export_chapters'),
  /** A name for the files, without extension: `keynote-2026-chapters`. */
  filename: z.string(),
  /** WebVTT chapters (`kind="chapters"` track). */
  vtt: z.string(),
  /** start, end, start_seconds, end_seconds, title; CRLF lines. */
  csv: z.string(),
  /** One line per chapter, `00:00 Title` (YouTube's description chapters). */
  description: z.string(),
});
export type ChaptersExport = z.infer<typeof chaptersExport>;

/**
 * POST …/clips: from a chapter (its start to the next chapter's start, else the end of the video)
 * or from an in/out range; a template (its skin) or a skin; a title (default "<conference> – <chapter>").
 */
export const conferenceClipBody = z
  .object({
    chapterId: referenceId.optional(),
    inSeconds: z.number().finite().min(0).optional(),
    outSeconds: z.number().finite().min(0).optional(),
    title: z.string().trim().min(1).max(VIDEO_TITLE_MAX).optional(),
    clipSkinId: referenceId.nullable().optional(),
    clipTemplateId: referenceId.nullable().optional(),
  })
  .strict();
export type ConferenceClipBody = z.infer<typeof conferenceClipBody>;

/** GET …/replay: the conference's replay video (null: none chosen, or not ready). */
export const conferenceReplay = z.object({ video: clipSource.nullable() });
export type ConferenceReplay = z.infer<typeof conferenceReplay>;
