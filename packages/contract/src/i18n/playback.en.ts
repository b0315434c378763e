/** English messages of where fans watch (the settings' Playback tab, geo blocking fields), spread into en.ts. */
export const playbackEn = {
  'tab.playback': 'Playback',
  'playback.save': 'Save',
  'playback.saved': 'Playback settings saved',
  'playback.moduleOff': 'Module not active: changes nothing yet',
  'playback.geo.title': 'Geo blocking',
  'playback.geo.intro':
    'Where your fans may watch your lives and replays: the embedded player, its playlists, its chat and its games. An event, a conference, a video or a live input can have a rule of its own.',
  'playback.geo.rule': 'Countries',
  'playback.geo.unknownAddresses': 'Let addresses without a country watch',
  'playback.geo.unknownAddressesHint':
    'A stadium’s own network, a company network or a developer’s machine has no country: switched off, they are refused too.',
  'playback.geo.database': 'Countries from the GeoLite2 database of {{date}}.',
  'geo.mode.account': 'As the account’s playback settings say',
  'geo.mode.block': 'Everywhere, except the countries listed',
  'geo.mode.allow': 'Only in the countries listed',
  'geo.countries.allowed': 'Countries allowed',
  'geo.countries.refused': 'Countries refused',
  'geo.countries.allowedHint': 'Viewers elsewhere see “This video is not available in your country”.',
  'geo.countries.refusedHint': 'Viewers there see “This video is not available in your country”.',
  'geo.countries.placeholder': 'Type a country’s name',
  'geo.countries.none': 'No such country',
  'resource.events.field.geoBlocking': 'Geo blocking',
  'resource.videos.field.geoBlocking': 'Geo blocking',
  'streams.field.geoBlocking': 'Geo blocking',
  'streams.field.geoBlockingHint':
    'A rule of its own for this camera’s picture, added to the rule of each event it films (a feed sold for one country).',
  'resource.businessPlayers.field.geoBlocking': 'Geo blocking',
  'resource.events.field.fansOnly': 'For the club’s signed-in fans only',
  'resource.videos.field.fansOnly': 'For the club’s signed-in fans only',
  'resource.videos.field.downloadable': 'Fans may download it from the player',
  'resource.businessPlayers.field.fansOnly': 'For signed-in fans only',
} as const;
