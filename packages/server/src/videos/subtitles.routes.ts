import { text } from 'node:stream/consumers';
import type { AuditChanges } from '@regie/contract/audit';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { videosResource } from '@regie/contract/resources/videos';
import { SUBTITLE_CONTENT_TYPES, SUBTITLE_MAX_BYTES, VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import { type SubtitleCue, subtitleCues, subtitleJsonBody, subtitleParams } from '@regie/contract/videos.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { issueMessage } from '../http/localize.ts';
import { fileText } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { readGuards, writeGuards } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { normaliseCues, parseSubtitles, SubtitleError, toVtt } from './subtitles.parse.ts';
import { subtitleKey } from './videos.keys.ts';
import type { VideosEntry } from './videos.resource.ts';
import { updateVideo } from './videos.service.ts';

/** A file's format from the request's content type; JSON bodies say theirs. */
function formatOf(contentType: string | undefined): 'vtt' | 'srt' | 'auto' | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === SUBTITLE_CONTENT_TYPES.vtt) return 'vtt';
  if (type === SUBTITLE_CONTENT_TYPES.srt || type === 'text/srt') return 'srt';
  if (type === 'text/plain') return 'auto';
  return null;
}

function parseFile(content: string, format: 'vtt' | 'srt' | 'auto'): SubtitleCue[] {
  if (Buffer.byteLength(content) > SUBTITLE_MAX_BYTES) throw new HttpError(413, VIDEO_MESSAGES.subtitlesTooLarge);
  try {
    return parseSubtitles(content, format);
  } catch (error) {
    if (!(error instanceof SubtitleError)) throw error;
    throw badRequest(VIDEO_MESSAGES.subtitleMistake(error.line, error.reason), [
      { path: `line ${error.line}`, message: VIDEO_MESSAGES.subtitleMistakeAlone(error.reason) },
    ]);
  }
}

/** The cues of a PUT body: a WebVTT or SRT file (raw or as {format, content}), or the cue list. */
function cuesOf(body: unknown, contentType: string | undefined): SubtitleCue[] {
  const format = formatOf(contentType);
  if (typeof body === 'string' && format) return parseFile(body, format);
  const parsed = subtitleJsonBody.safeParse(body);
  if (!parsed.success) {
    if (typeof body !== 'object' || body === null) throw new HttpError(415, VIDEO_MESSAGES.subtitlesContentType);
    const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue) }));
    throw badRequest(HTTP_MESSAGES.validationFailed, errors);
  }
  return Array.isArray(parsed.data) ? parsed.data : parseFile(parsed.data.content, parsed.data.format);
}

interface SubtitleRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  storage: ObjectStorage;
}

type App = Parameters<FastifyPluginAsyncZod<SubtitleRoutesOptions>>[0];

const common = { tags: ['videos'], security: BEARER, params: subtitleParams };
const path = videoPaths.subtitles(':id', ':language');

async function visible({ engine, entry }: SubtitleRoutesOptions, request: Parameters<typeof authOf>[0], id: number) {
  return await findVisible(engine, entry, authOf(request), id);
}

/** A video's subtitles changed: an update of the video, in the transaction of its languages. */
function auditSubtitles(
  tx: Db,
  source: AuditSource,
  video: VideoRow,
  languages: readonly string[],
  changes: AuditChanges,
) {
  return writeAudit(tx, source, {
    accountId: video.accountId,
    resource: videosResource.name,
    resourceId: video.id,
    action: 'update',
    changes: { ...diffFields(video, { subtitleLanguages: languages }, ['subtitleLanguages']), ...changes },
  });
}

function putSubtitlesRoute(app: App, options: SubtitleRoutesOptions): void {
  const { engine, entry, guards, storage } = options;
  app.put(
    path,
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      // JSON escapes make the same file somewhat longer.
      bodyLimit: SUBTITLE_MAX_BYTES * 2,
      schema: {
        ...common,
        summary: 'Sets the subtitles of one language: WebVTT, SRT (converted) or the JSON cue list',
        description:
          'Body: text/vtt, application/x-subrip (or text/plain, detected), or JSON: {format: "vtt"|"srt", content} ' +
          'or [{id, start, end, text}]. A bad file answers 400 naming the line of its first mistake.',
        documentedBody: {
          [SUBTITLE_CONTENT_TYPES.vtt]: fileText,
          [SUBTITLE_CONTENT_TYPES.srt]: fileText,
          'text/plain': fileText,
          'application/json': subtitleJsonBody,
        },
        response: { 200: subtitleCues, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { id, language } = request.params;
      const video = await visible(options, request, id);
      const cues = cuesOf(request.body, request.headers['content-type']);
      await storage.put(subtitleKey(video.accountId, video.id, language), Buffer.from(toVtt(cues)), 'text/vtt');
      const languages = [...new Set([...video.subtitleLanguages, language])].sort();
      await transaction(engine.db, async (tx) => {
        await updateVideo(tx, video.id, { subtitleLanguages: languages });
        // The file itself is in storage: its entry says it changed, not its cues.
        await auditSubtitles(tx, auditSourceOf(request), video, languages, {
          [`subtitles.${language}`]: { changed: true },
        });
      });
      return normaliseCues([...cues].sort((a, b) => a.start - b.start));
    },
  );
}

function getSubtitlesRoute(app: App, options: SubtitleRoutesOptions): void {
  const { entry, guards, storage } = options;
  app.get(
    path,
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The subtitles of one language as cues, for editing',
        response: { 200: subtitleCues, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, language } = request.params;
      const video = await visible(options, request, id);
      const object = video.subtitleLanguages.includes(language)
        ? await storage.get(subtitleKey(video.accountId, video.id, language))
        : null;
      if (!object) throw notFound(VIDEO_MESSAGES.subtitlesNotFound(id, language));
      return normaliseCues(parseSubtitles(await text(object.body), 'vtt'));
    },
  );
}

function deleteSubtitlesRoute(app: App, options: SubtitleRoutesOptions): void {
  const { engine, entry, guards, storage } = options;
  app.delete(
    path,
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes the subtitles of one language',
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, language } = request.params;
      const video = await visible(options, request, id);
      if (!video.subtitleLanguages.includes(language)) throw notFound(VIDEO_MESSAGES.subtitlesNotFound(id, language));
      const languages = video.subtitleLanguages.filter((code) => code !== language);
      await transaction(engine.db, async (tx) => {
        await updateVideo(tx, video.id, { subtitleLanguages: languages });
        await auditSubtitles(tx, auditSourceOf(request), video, languages, {});
      });
      await storage.delete(subtitleKey(video.accountId, video.id, language));
      return reply.code(204).send(null);
    },
  );
}

/**
 * Subtitles of a video (the edit screen's subtitles tab), one WebVTT file per language, served
 * to players at /media/…/subtitles/{language}.vtt (the video's playback.subtitles):
 *   PUT    …/subtitles/{en|fr}  a WebVTT or SRT file (SRT becomes WebVTT), or the JSON cue list
 *   GET    …/subtitles/{en|fr}  the cues as JSON [{id, start, end, text}], times in seconds
 *   DELETE …/subtitles/{en|fr}
 */
export const subtitleRoutes: FastifyPluginAsyncZod<SubtitleRoutesOptions> = async (app, options) => {
  app.addContentTypeParser(
    [SUBTITLE_CONTENT_TYPES.vtt, SUBTITLE_CONTENT_TYPES.srt, 'text/srt'],
    { parseAs: 'string', bodyLimit: SUBTITLE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  putSubtitlesRoute(app, options);
  getSubtitlesRoute(app, options);
  deleteSubtitlesRoute(app, options);
};
