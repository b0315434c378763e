/**
 * The numbered features an account may have (spec §6, ids 1 to 60). Codes are stable identifiers
 * stored in accounts; names are i18n keys `module.<CODE>`.
 */
export const MODULES = [
  { id: 1, code: 'RESTRAINED_ACCESS', name: 'Restrained access' },
  { id: 2, code: 'BLOCKMARK', name: 'Blockmark' },
  { id: 3, code: 'ESHOP_LINKS', name: 'E-shop links' },
  { id: 4, code: 'WHITE_LABEL', name: 'White label' },
  { id: 5, code: 'GEO_BLOCKING', name: 'Geo blocking' },
  { id: 6, code: 'ADVERTISING', name: 'Advertising' },
  { id: 7, code: 'REMOTE_CONTROL', name: 'Remote control' },
  { id: 8, code: 'NOTIFICATION', name: 'Notification' },
  { id: 9, code: 'SIMULCAST', name: 'Simulcast' },
  { id: 10, code: 'DVR', name: 'DVR' },
  { id: 11, code: 'CHAT', name: 'Chat' },
  { id: 12, code: 'STREAM_CLIPPING', name: 'Stream clipping' },
  { id: 13, code: 'CMS', name: 'CMS' },
  { id: 14, code: 'SUBSCRIPTIONS', name: 'Subscriptions' },
  { id: 15, code: 'TAGS', name: 'Tags' },
  { id: 16, code: 'STATS', name: 'Stats' },
  { id: 17, code: 'SETTINGS', name: 'Settings' },
  { id: 18, code: 'MARKERS', name: 'Markers' },
  { id: 19, code: 'VIDEOS', name: 'Videos' },
  { id: 20, code: 'FANS_CRM', name: 'CRM' },
  { id: 21, code: 'ADDON_TRIVIA', name: 'Trivia' },
  { id: 22, code: 'ADDON_PREDICTOR', name: 'Predictor' },
  { id: 23, code: 'THEME', name: 'Theme' },
  { id: 24, code: 'STREAM', name: 'Stream' },
  { id: 25, code: 'DASHBOARD', name: 'Dashboard' },
  { id: 26, code: 'CHROMECAST', name: 'Chromecast' },
  { id: 27, code: 'AIRPLAY', name: 'AirPlay' },
  { id: 28, code: 'PUBLIC_CLIPPING', name: 'Public clipping' },
  { id: 29, code: 'ADDON_MOTM', name: 'Man of the match' },
  { id: 30, code: 'PAYMENT_PRODUCT', name: 'Payment product' },
  { id: 31, code: 'OTT', name: 'OTT' },
  { id: 32, code: 'HEATMAP', name: 'Heatmap' },
  { id: 33, code: 'BETTING', name: 'Betting' },
  { id: 34, code: 'IMMERSIVE', name: 'Immersive (360)' },
  { id: 35, code: 'NO_VIDEO', name: 'No video' },
  { id: 36, code: 'VERTICAL_VIDEO', name: '9:16 video' },
  { id: 37, code: 'MULTICAM', name: 'Multicam' },
  { id: 38, code: 'CHALLENGERS', name: 'Challengers' },
  { id: 39, code: 'IMPORTDATA', name: 'Data import' },
  { id: 40, code: 'PUSH_NOTIFICATIONS', name: 'Push notifications' },
  { id: 41, code: 'SPORT_EVENTS', name: 'Sport events' },
  { id: 42, code: 'BUSINESS_PLAYERS', name: 'Business players' },
  { id: 43, code: 'AWS_STREAM', name: 'Cloud stream' },
  { id: 44, code: 'PAYMENT_RESTRICTION', name: 'Payment restriction' },
  { id: 45, code: 'WARREN', name: 'News' },
  { id: 46, code: 'GRAPHICS', name: 'Graphics' },
  { id: 47, code: 'LIVE_STATS', name: 'Live stats' },
  { id: 48, code: 'EMBED', name: 'Embed' },
  { id: 49, code: 'SOCIAL_SHARING', name: 'Social sharing' },
  { id: 50, code: 'SUBTITLES', name: 'Subtitles' },
  { id: 51, code: 'PLAYLISTS', name: 'Playlists' },
  { id: 52, code: 'CATEGORIES', name: 'Categories' },
  { id: 53, code: 'SPEAKERS', name: 'Speakers' },
  { id: 54, code: 'ANALYTICS', name: 'Analytics' },
  { id: 55, code: 'SSO', name: 'Single sign-on' },
  { id: 56, code: 'MULTI_LANGUAGE', name: 'Multi-language' },
  { id: 57, code: 'DOWNLOAD', name: 'Download' },
  { id: 58, code: 'WATERMARK', name: 'Watermark' },
  { id: 59, code: 'HIGHLIGHTS', name: 'Automatic highlights' },
  { id: 60, code: 'API_ACCESS', name: 'API access' },
] as const;

export type ModuleDefinition = (typeof MODULES)[number];
export type ModuleCode = ModuleDefinition['code'];
export type ModuleId = ModuleDefinition['id'];

export const MODULE_CODES: readonly ModuleCode[] = MODULES.map((module) => module.code);

export function isModuleCode(value: string): value is ModuleCode {
  return (MODULE_CODES as readonly string[]).includes(value);
}

export function moduleById(id: number): ModuleDefinition | undefined {
  return MODULES.find((module) => module.id === id);
}

export function moduleByCode(code: string): ModuleDefinition | undefined {
  return MODULES.find((module) => module.code === code);
}
