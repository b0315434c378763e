import { z } from 'zod';
import { EMBED_TOKEN_MAX } from './embed.ts';
import { LANGUAGES } from './languages.ts';

/** A token as it appears in a path: base64url parts joined by dots. */
export const embedToken = z
  .string()
  .max(EMBED_TOKEN_MAX)
  .regex(/^[A-Za-z0-9_.-]+$/);

export const embedTokenParams = z.object({ token: embedToken });
/** ?lang: the viewer's language, for the translated title (the base one otherwise). */
export const embedPlayerQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

export const embedPageParams = z.object({ kind: z.string().max(40), token: embedToken });

/** GET events/{id}/embed: where the public player is and the HTML to paste in a site. */
export const embedSnippetResponse = z.object({ url: z.string(), iframe: z.string() });
export type EmbedSnippetResponse = z.infer<typeof embedSnippetResponse>;

export const embedChapter = z.object({ title: z.string(), startSeconds: z.number() });
export type EmbedChapter = z.infer<typeof embedChapter>;

/**
 * What the public page gets: only what a viewer sees (title, poster, the signed stream, the
 * chapters). An unpublished or deleted content answers { available: false } and nothing else.
 */
export const embedPlayerResponse = z.discriminatedUnion('available', [
  z
    .object({
      available: z.literal(true),
      title: z.string(),
      posterUrl: z.string().nullable(),
      hlsUrl: z.string(),
      durationSeconds: z.number().nullable(),
      chapters: z.array(embedChapter),
    })
    .strict(),
  z.object({ available: z.literal(false) }).strict(),
]);
export type EmbedPlayerResponse = z.infer<typeof embedPlayerResponse>;

/** POST plays: the page view's own random id, so a reload or a retry counts once. */
export const playBody = z.object({ viewId: z.uuid() }).strict();
export type PlayBody = z.infer<typeof playBody>;
export const playResponse = z.object({ counted: z.boolean() });
export type PlayResponse = z.infer<typeof playResponse>;
