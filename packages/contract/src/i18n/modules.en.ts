/**
 * English messages of what each module changes (the subscription tab and the customers' modules
 * tab, under each module's name: `moduleInfo.<CODE>`), spread into en.ts. Modules that open
 * back-office screens name them (menu.ts, registry.ts, roles.ts ROLE_MODULES); fan-side ones say
 * what fans get.
 */
export const modulesEn = {
  'moduleInfo.inPlan': 'Included in your plan',
  'moduleInfo.notInPlan': 'Not in your plan: ask Regie to add it to your subscription.',
  'moduleInfo.RESTRAINED_ACCESS':
    'Lives and videos can be kept for signed-in fans: the others are asked to sign in first.',
  'moduleInfo.BLOCKMARK': 'Not offered yet: switching it on changes nothing for now.',
  'moduleInfo.ESHOP_LINKS': 'Links to your e-shop’s products appear beside the player, so fans buy while they watch.',
  'moduleInfo.WHITE_LABEL': 'The player and the fans’ pages carry your brand only, without Regie’s.',
  'moduleInfo.GEO_BLOCKING':
    'Fans watch only from the countries you allow: the player, its playlists and its chat refuse the others.',
  'moduleInfo.ADVERTISING': 'Ads play before and during lives and videos, on the events that switch advertising on.',
  'moduleInfo.REMOTE_CONTROL': 'Operators run a live away from the venue: start, stop and switch its cameras remotely.',
  'moduleInfo.NOTIFICATION': 'Fans are notified in the app when an event they follow starts or a new video is out.',
  'moduleInfo.SIMULCAST':
    'Opens Events › Simulcasts: a live is restreamed at once to YouTube, Facebook or any RTMP server.',
  'moduleInfo.DVR': 'Fans can pause and rewind a live, on the events that switch DVR on.',
  'moduleInfo.CHAT': 'A live chat beside the player, moderated from the event’s chat tab.',
  'moduleInfo.STREAM_CLIPPING':
    'Opens the Clipping menu: cut clips from lives and replays, by hand or by clip rules, dressed by clip skins.',
  'moduleInfo.CMS': 'Opens Content management, your CMS console, and Account › Categories and Playlists.',
  'moduleInfo.SUBSCRIPTIONS': 'Groups can be given the Subscriptions role, to manage what fans subscribe to.',
  'moduleInfo.TAGS': 'Events, videos and fans get tags, to sort the back-office lists and group content for fans.',
  'moduleInfo.STATS': 'Viewing figures of each event, conference and video: plays, viewers and watch time.',
  'moduleInfo.SETTINGS': 'The account’s managers set its own defaults: its details, languages and player options.',
  'moduleInfo.MARKERS':
    'Markers are dropped on an event’s timeline and shown to fans as chapters, on events that use them.',
  'moduleInfo.VIDEOS':
    'Opens Media › Videos, to upload, encode and publish videos, and Account › Categories and Playlists.',
  'moduleInfo.FANS_CRM': 'Opens the CRM menu: your fans’ profiles, consents, tags, sessions, activities and purchases.',
  'moduleInfo.ADDON_TRIVIA': 'Opens the Trivia menu: quizzes your fans answer, with their rankings.',
  'moduleInfo.ADDON_PREDICTOR': 'Fans predict a match’s score in the player; set up in the event’s Predictor tab.',
  'moduleInfo.ADDON_MOTM':
    'Fans vote for the man of the match in the player; set up in the event’s Man of the match tab.',
  'moduleInfo.THEME': 'Opens Account › Themes: the colours, fonts, logos and markers that dress the player.',
  'moduleInfo.STREAM': 'Events and conferences carry a live stream sent from your own encoder.',
  'moduleInfo.DASHBOARD': 'Opens the Dashboard: the account’s events, audience and running jobs over a period.',
  'moduleInfo.CHROMECAST': 'A Cast button in the player: fans send the live or the video to a Chromecast TV.',
  'moduleInfo.AIRPLAY': 'An AirPlay button in the player: fans send the live or the video to an Apple TV.',
  'moduleInfo.PUBLIC_CLIPPING': 'Fans cut their own clips of a live or a replay from the player and share them.',
  'moduleInfo.PAYMENT_PRODUCT': 'Opens Account › Products: passes and products fans buy to unlock content.',
  'moduleInfo.OTT': 'Your events and videos make your own channel, in apps for smart TVs and phones.',
  'moduleInfo.HEATMAP': 'The player’s timeline shows where fans watched most, so the best moments stand out.',
  'moduleInfo.BETTING': 'A partner bookmaker’s live odds are shown beside the player during matches.',
  'moduleInfo.IMMERSIVE': '360° lives fans look around in: opens the event’s 360 tab (with Cloud stream).',
  'moduleInfo.NO_VIDEO':
    'Events switched to No video (their settings tab) have a page without a picture: fans follow the score, the match clock and the timeline from the data feed, beside the chat and the games.',
  'moduleInfo.VERTICAL_VIDEO': 'Opens a video’s Formats tab: videos and clips rendered in 9:16, 1:1 and 4:5.',
  'moduleInfo.MULTICAM': 'Fans switch between an event’s camera angles in the player; set up in its Multicam tab.',
  'moduleInfo.CHALLENGERS': 'Teams and players are listed on each match, in the order fans see them.',
  'moduleInfo.IMPORTDATA': 'Opens Data import: fixtures, results and line-ups loaded from sports data feeds.',
  'moduleInfo.PUSH_NOTIFICATIONS': 'Opens Push notifications, your console to send alerts to your fans’ phones.',
  'moduleInfo.SPORT_EVENTS':
    'Opens Events › Sport events and the sport data: sports, competitions, tags and challengers.',
  'moduleInfo.BUSINESS_PLAYERS': 'Opens Events › Conferences and Actors › Speakers: players for talks and webinars.',
  'moduleInfo.AWS_STREAM': 'Opens Media › Cameras: live inputs received in the cloud, recorded for the replay.',
  'moduleInfo.PAYMENT_RESTRICTION': 'Opens Account › Payment offers: lives and videos fans pay to watch.',
  'moduleInfo.WARREN': 'Groups can be given the News role, to write the news your fans read.',
  'moduleInfo.GRAPHICS': 'Opens the event’s Graphics tab: scoreboard, lower thirds and logo over the player and clips.',
  'moduleInfo.LIVE_STATS': 'The match’s live statistics are shown beside the player, on events that switch them on.',
  'moduleInfo.EMBED': 'Events can be embedded on other sites: the player with its chat and games.',
  'moduleInfo.SOCIAL_SHARING':
    'Opens Settings › Social networks and Media › Publications: clips published to your social accounts.',
  'moduleInfo.SUBTITLES': 'Videos carry subtitles in several languages, which fans switch on in the player.',
  'moduleInfo.PLAYLISTS': 'Videos are grouped into playlists that fans play one after another.',
  'moduleInfo.CATEGORIES': 'Videos and playlists are filed under categories and subcategories that fans browse.',
  'moduleInfo.SPEAKERS': 'A conference’s speakers, with their photo and bio, are shown to viewers beside the player.',
  'moduleInfo.ANALYTICS': 'The player reports plays and watch time to your own analytics tool.',
  'moduleInfo.SSO': 'Your staff sign in with your company’s identity provider rather than a Regie password.',
  'moduleInfo.MULTI_LANGUAGE': 'Titles and descriptions are written in several languages; fans read theirs.',
  'moduleInfo.DOWNLOAD': 'Fans can download a published video’s MP4 from the player, when the video allows it.',
  'moduleInfo.WATERMARK':
    'Your logo is burnt into the picture of lives and videos, so copies show where they come from.',
  'moduleInfo.HIGHLIGHTS': 'A match’s best moments are cut into a summary video from its markers once the live ends.',
  'moduleInfo.API_ACCESS': 'Your developers get keys to read and write the account’s events, videos and clips.',
} as const;
