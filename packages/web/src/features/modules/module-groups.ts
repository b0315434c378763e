import type { ModuleCode } from '@regie/contract/modules';

/**
 * The 60 modules by what they are for, as the customers' modules tab and the subscription tab
 * show them. Every module sits in exactly one group (module-groups.test.ts); names are i18n keys
 * `moduleGroup.<id>` and `module.<CODE>`.
 */
export const MODULE_GROUPS = [
  {
    id: 'events',
    codes: [
      'SPORT_EVENTS',
      'BUSINESS_PLAYERS',
      'MARKERS',
      'CHALLENGERS',
      'SPEAKERS',
      'TAGS',
      'THEME',
      'GRAPHICS',
      'LIVE_STATS',
      'IMPORTDATA',
    ],
  },
  {
    id: 'live',
    codes: [
      'STREAM',
      'AWS_STREAM',
      'SIMULCAST',
      'DVR',
      'MULTICAM',
      'IMMERSIVE',
      'REMOTE_CONTROL',
      'STREAM_CLIPPING',
      'PUBLIC_CLIPPING',
      'HIGHLIGHTS',
    ],
  },
  {
    id: 'media',
    codes: [
      'VIDEOS',
      'PLAYLISTS',
      'CATEGORIES',
      'SUBTITLES',
      'DOWNLOAD',
      'WATERMARK',
      'VERTICAL_VIDEO',
      'NO_VIDEO',
      'CMS',
      'WARREN',
    ],
  },
  {
    id: 'player',
    codes: ['EMBED', 'CHROMECAST', 'AIRPLAY', 'BLOCKMARK', 'HEATMAP', 'OTT', 'WHITE_LABEL', 'MULTI_LANGUAGE'],
  },
  {
    id: 'fans',
    codes: [
      'FANS_CRM',
      'CHAT',
      'NOTIFICATION',
      'PUSH_NOTIFICATIONS',
      'SOCIAL_SHARING',
      'ADDON_TRIVIA',
      'ADDON_PREDICTOR',
      'ADDON_MOTM',
      'BETTING',
    ],
  },
  {
    id: 'revenue',
    codes: [
      'SUBSCRIPTIONS',
      'PAYMENT_PRODUCT',
      'PAYMENT_RESTRICTION',
      'ADVERTISING',
      'ESHOP_LINKS',
      'RESTRAINED_ACCESS',
      'GEO_BLOCKING',
    ],
  },
  {
    id: 'platform',
    codes: ['DASHBOARD', 'STATS', 'ANALYTICS', 'SETTINGS', 'SSO', 'API_ACCESS'],
  },
] as const satisfies readonly { id: string; codes: readonly ModuleCode[] }[];

export type ModuleGroupId = (typeof MODULE_GROUPS)[number]['id'];
