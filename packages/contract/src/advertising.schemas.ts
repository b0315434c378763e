import { z } from 'zod';
import { AD_BREAK_DURATIONS, AD_TAG_MAX, ADVERTISING_MESSAGES, isAdTagUrl } from './advertising.ts';
import { isoDateTime } from './datetime.ts';
import { schemaMessage } from './messages.ts';

/** A VAST or VMAP tag (contract advertising.ts): http(s), or a path of the local ad server. */
export const adTagUrl = z
  .string()
  .trim()
  .min(1, schemaMessage(ADVERTISING_MESSAGES.tagUrl))
  .max(AD_TAG_MAX)
  .refine(isAdTagUrl, schemaMessage(ADVERTISING_MESSAGES.tagUrl));

/** GET/PUT advertising: the account's tag (null: no ads, whatever its events switch on). Stored in its config (`advertising`). */
export const advertisingSettings = z.object({ tagUrl: adTagUrl.nullable().default(null) }).strict();
export type AdvertisingSettings = z.infer<typeof advertisingSettings>;

/** The ads of a page (embed data's `ads`): the tag the page fetches, the event's or the account's. */
export const embedAds = z.object({ tagUrl: z.string() }).strict();
export type EmbedAds = z.infer<typeof embedAds>;

/** POST events/{id}/ad-breaks: a break starting now, of one of the control room's lengths. */
export const adBreakBody = z
  .object({
    durationSeconds: z.union(AD_BREAK_DURATIONS.map((seconds) => z.literal(seconds))),
  })
  .strict();
export type AdBreakBody = z.infer<typeof adBreakBody>;

export const adBreak = z.object({
  id: z.number().int().positive(),
  eventId: z.number().int().positive(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  durationSeconds: z.number().int().positive(),
});
export type AdBreak = z.infer<typeof adBreak>;

/** GET events/{id}/ad-breaks: the latest breaks, newest first; `running` is the one on now (null when none). */
export const adBreaksResponse = z.object({ running: adBreak.nullable(), data: z.array(adBreak) });
export type AdBreaksResponse = z.infer<typeof adBreaksResponse>;
