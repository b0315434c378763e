import { z } from 'zod';
import { embedAds } from './advertising.schemas.ts';
import { isoDateTime } from './datetime.ts';
import { EMBED_TOKEN_MAX, EMBED_UNAVAILABLE_REASONS } from './embed.ts';
import { LANGUAGES } from './languages.ts';
import { MATCH_SIDES } from './match-events.ts';
import { BILLING_PERIODS } from './resources/payment-offers.ts';
import { ASPECTS } from './vertical.ts';

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
 * What the public page gets (a state of EMBED_STATES): only what a viewer sees. `available` says
 * whether something plays (the replay's fields are those the page always had). Nothing of an
 * unpublished, switched-off or unknown content is sent but the reason.
 */
/** A replay's rendition in another aspect, as the page plays it. */
export const embedRendition = z
  .object({
    aspect: z.enum(ASPECTS),
    hlsUrl: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();
export type EmbedRendition = z.infer<typeof embedRendition>;

/** An offer on sale on a paid page (PAYMENT_RESTRICTION): what a fan buys to watch. */
export const embedOffer = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    /** Cents. */
    price: z.number().int().min(0),
    currency: z.string(),
    billingPeriod: z.enum(BILLING_PERIODS),
  })
  .strict();
export type EmbedOffer = z.infer<typeof embedOffer>;

/**
 * Who may watch a page beyond their country (contract viewer-access.ts): null for anyone; else a
 * signed-in fan of the club, and with `paid` one holding a pass that `offers` sell (none on sale
 * now: the page says so). The same for every viewer: GET embed/{token}/playback checks this one.
 */
export const embedAccess = z
  .object({ signIn: z.literal(true), paid: z.boolean(), offers: z.array(embedOffer) })
  .strict();
export type EmbedAccess = z.infer<typeof embedAccess>;

/** A side of a data-only match: its team's name and crest (an image URL), when the event names it. */
export const embedMatchTeam = z.object({ name: z.string(), crestUrl: z.string().nullable() }).strict();
export type EmbedMatchTeam = z.infer<typeof embedMatchTeam>;

/**
 * One line of a data-only match's timeline: a marker (a goal, a card, a substitution… as the feed
 * made it, or as staff added it). `code` is its type's code (the page says the default ones in its
 * language, else `type`); `minute` the match clock's (45+2'), from the feed's clock where it has
 * one, else from the periods; `side` when the feed says whose it is.
 */
export const embedMatchMoment = z
  .object({
    id: z.number().int().positive(),
    minute: z.string().nullable(),
    code: z.string().nullable(),
    type: z.string().nullable(),
    label: z.string(),
    side: z.enum(MATCH_SIDES).nullable(),
    person: z.string().nullable(),
  })
  .strict();
export type EmbedMatchMoment = z.infer<typeof embedMatchMoment>;

/**
 * A data-only match (NO_VIDEO, contract no-video.ts for the decisions): its teams, the score, each
 * period's kick-off on the wall clock (the page ticks the clock from them, matchClockAt), whether
 * it is over, and its timeline, newest first.
 */
export const embedMatch = z
  .object({
    home: embedMatchTeam.nullable(),
    away: embedMatchTeam.nullable(),
    score: z.object({ home: z.number().int().min(0), away: z.number().int().min(0) }).strict(),
    periods: z.array(z.object({ period: z.number().int(), kickOffAt: isoDateTime }).strict()),
    over: z.boolean(),
    timeline: z.array(embedMatchMoment),
  })
  .strict();
export type EmbedMatch = z.infer<typeof embedMatch>;

export const embedPlayerResponse = z.discriminatedUnion('state', [
  z
    .object({
      state: z.literal('upcoming'),
      available: z.literal(false),
      title: z.string(),
      posterUrl: z.string().nullable(),
      /** Kick-off (ISO); null when the content has no start time. */
      startsAt: isoDateTime.nullable(),
      /** Fans only or paid (a pass can be bought before kick-off); null for anyone. */
      access: embedAccess.nullable(),
    })
    .strict(),
  z
    .object({
      state: z.literal('live'),
      available: z.literal(true),
      title: z.string(),
      posterUrl: z.string().nullable(),
      /**
       * The program's DVR playlist, signed: a live playlist whose window is seekable. Null when the
       * media is signed for each viewer (`perViewer`): the page asks GET embed/{token}/playback.
       */
      hlsUrl: z.string().nullable(),
      /** True when a module restricts who watches (geo blocking…): the URLs are each viewer's own. */
      perViewer: z.boolean(),
      /** Fans only or paid; null for anyone. */
      access: embedAccess.nullable(),
      /** ADVERTISING: the tag whose pre-roll plays before the live (contract advertising.ts); null: no ads. */
      ads: embedAds.nullable(),
      /** Wall-clock time (ISO) of second 0 of the live, which the chapters count from. */
      liveOrigin: z.string(),
      /** The markers so far, in seconds from `liveOrigin`. */
      chapters: z.array(embedChapter),
    })
    .strict(),
  z
    .object({
      state: z.literal('preparing'),
      available: z.literal(false),
      title: z.string(),
      posterUrl: z.string().nullable(),
      /** 0–100, the replay's making as a whole (REPLAY_PREPARATION_SHARE). */
      progress: z.number().int().min(0).max(100),
      /** The estimate of what is left; null until progress gives a rate. */
      secondsLeft: z.number().int().min(0).nullable(),
    })
    .strict(),
  z
    .object({
      state: z.literal('replay'),
      available: z.literal(true),
      title: z.string(),
      posterUrl: z.string().nullable(),
      /** The replay's playlist, signed; null when `perViewer` (GET embed/{token}/playback gives it). */
      hlsUrl: z.string().nullable(),
      /** True when a module restricts who watches: hlsUrl and the renditions are each viewer's own. */
      perViewer: z.boolean(),
      /** Fans only or paid; null for anyone. */
      access: embedAccess.nullable(),
      /** ADVERTISING: the tag of the pre-roll (and a VMAP's mid-rolls); null: no ads. */
      ads: embedAds.nullable(),
      durationSeconds: z.number().nullable(),
      chapters: z.array(embedChapter),
      /**
       * The replay in other aspects (issue 42), ready to play: a page held upright plays the one
       * closest to its shape, a page asked for one (`?aspect=9x16`) plays that one.
       */
      renditions: z.array(embedRendition),
      /**
       * The replay's MP4 to download (DOWNLOAD: the account's module and the video's switch), signed;
       * null when it may not be downloaded, or when `perViewer` (the playback gives it).
       */
      downloadUrl: z.string().nullable(),
    })
    .strict(),
  z
    .object({
      state: z.literal('unavailable'),
      available: z.literal(false),
      reason: z.enum(EMBED_UNAVAILABLE_REASONS),
      /** Only for a content fans may see (live without a camera yet, no replay). */
      title: z.string().nullable(),
    })
    .strict(),
  z
    .object({
      state: z.literal('match'),
      available: z.literal(false),
      title: z.string(),
      posterUrl: z.string().nullable(),
      /** The match as its data says it, the same for every viewer (kept in front). */
      match: embedMatch,
    })
    .strict(),
]);
export type EmbedPlayerResponse = z.infer<typeof embedPlayerResponse>;

/**
 * GET embed/{token}/playback: a live's or replay's media signed for this viewer (bound to their
 * country where geo blocking applies), for a page whose data says `perViewer`.
 */
export const embedPlaybackResponse = z
  .object({
    hlsUrl: z.string(),
    /** The replay's renditions in other aspects (none for a live). */
    renditions: z.array(embedRendition),
    /** The replay's MP4 to download, signed like the playlist (DOWNLOAD); null for a live or when not allowed. */
    downloadUrl: z.string().nullable(),
  })
  .strict();
export type EmbedPlaybackResponse = z.infer<typeof embedPlaybackResponse>;

/** GET embed/{token}/fan: how the page's games panel reaches the public fan API for this event. */
export const embedFanResponse = z
  .object({
    eventId: z.number().int().positive(),
    games: z.object({ motm: z.boolean(), predictor: z.boolean() }).strict(),
  })
  .strict();
export type EmbedFanResponse = z.infer<typeof embedFanResponse>;

/** POST plays: the page view's own random id, so a reload or a retry counts once. */
export const playBody = z.object({ viewId: z.uuid() }).strict();
export type PlayBody = z.infer<typeof playBody>;
export const playResponse = z.object({ counted: z.boolean() });
export type PlayResponse = z.infer<typeof playResponse>;
