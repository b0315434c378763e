import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import type { ModuleCode } from './modules.ts';

/**
 * Where fans watch (issue 47): the account's playback settings, one section per module that
 * changes what fans get (geo blocking first; the paywall, watermark, white label and advertising
 * join it). The settings' Playback tab edits them; the account's manager does (manage_users), or
 * a platform administrator acting for the account.
 */
export const PLAYBACK_MODULES: readonly ModuleCode[] = ['GEO_BLOCKING', 'WATERMARK', 'ADVERTISING'];

export const PLAYBACK_SETTINGS_RULE: AccessRule = {
  authorizedRoles: ['manage_users'],
  rolesOrPlatformAdmin: true,
  authorizedModules: PLAYBACK_MODULES,
};

export const PLAYBACK_SETTINGS_ROUTE = '/account/settings/playback';

export const playbackPaths = {
  /** GET → PlaybackSettingsResponse; PUT PlaybackSettings → the same. */
  settings: `${MAIN_API}/playback-settings`,
} as const;
