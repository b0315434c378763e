import { z } from 'zod';
import { geoSettings } from './geo.schemas.ts';

/** GET/PUT playback-settings: the account's playback rules (more modules join it: watermark, white label…). */
export const playbackSettings = z
  .object({
    geoBlocking: geoSettings.prefault({}),
  })
  .strict();
export type PlaybackSettings = z.infer<typeof playbackSettings>;

/** The country database the server reads (shown to administrators: how fresh the addresses are). */
export const geoDatabase = z.object({
  /** When the database was built (its metadata). */
  builtAt: z.iso.datetime(),
  /** Its kind, as its metadata says (`country ipvAll`). */
  type: z.string(),
});

export const playbackSettingsResponse = playbackSettings.extend({
  /** The modules of the account these settings act through: a setting without its module changes nothing. */
  modules: z.object({ geoBlocking: z.boolean() }),
  /** The country database the server reads: its date says how fresh the addresses' countries are. */
  geoDatabase,
});
export type PlaybackSettingsResponse = z.infer<typeof playbackSettingsResponse>;
