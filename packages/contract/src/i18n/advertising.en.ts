/** English messages of advertising (issue 47.8: the Playback settings' section, the event's tag, the control room's ad break), spread into en.ts. */
export const advertisingEn = {
  'resource.events.field.adTagUrl': 'Ad tag (VAST or VMAP) of this event',
  'playback.ads.title': 'Advertising',
  'playback.ads.intro':
    'Ads play before your videos and lives (and during replays with a VMAP) on the events that switch Advertising on in their settings. An event can give its own tag.',
  'playback.ads.tagUrl': 'Ad tag (VAST or VMAP address)',
  'playback.ads.tagUrlHint': 'An http(s) address from your ad server. Empty: no ads.',
  'playback.ads.save': 'Save the ad tag',
  'playback.ads.saved': 'Ad tag saved',
  'controlRoom.adBreak.title': 'Ad break',
  'controlRoom.adBreak.start': 'Ad break of {seconds} s',
  'controlRoom.adBreak.running': 'Ad break running: {time} left',
  'controlRoom.adBreak.started': 'Ad break marked in the live playlist',
  'controlRoom.adBreak.hint':
    'Marks the break in the live playlist (SCTE-35) for the ad insertion service and players.',
} as const;
