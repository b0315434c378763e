import type { ModuleCode } from './modules.ts';

/**
 * The 25 roles of the platform (spec §6). `payment_offer_write` and `manage_payments` are the same
 * permission seen under two names; both are kept because existing accounts carry either one.
 */
export const ROLES = [
  'conf_player_write',
  'liveclipping_write',
  'manage_customer_accounts',
  'manage_subscriptions',
  'manage_users',
  'simulcast_write',
  'sport_player_write',
  'use_cms',
  'video_write',
  'video_download',
  'clip_only',
  'payment_offer_write',
  'manage_payments',
  'own_videos_only',
  'use_push_notifications',
  'use_crm',
  'trivia_write',
  'predictor_write',
  'use_news',
  'use_stream',
  'motm_write',
  'business_player',
  'e_sport',
  'organisator',
  'read_only',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The platform administrator's role: may pick a customer account and act on its behalf. */
export const ADMIN_ROLE: Role = 'manage_customer_accounts';

/** Role → modules it unlocks (spec §6 "Role to module"). A role with no entry needs no module. */
export const ROLE_MODULES: Readonly<Partial<Record<Role, readonly ModuleCode[]>>> = {
  simulcast_write: ['SIMULCAST'],
  liveclipping_write: ['STREAM_CLIPPING'],
  clip_only: ['STREAM_CLIPPING'],
  use_cms: ['CMS'],
  manage_subscriptions: ['SUBSCRIPTIONS'],
  conf_player_write: ['BUSINESS_PLAYERS'],
  sport_player_write: ['SPORT_EVENTS'],
  video_write: ['VIDEOS'],
  video_download: ['VIDEOS'],
  own_videos_only: ['VIDEOS'],
  use_push_notifications: ['PUSH_NOTIFICATIONS'],
  use_crm: ['FANS_CRM'],
  trivia_write: ['ADDON_TRIVIA'],
  predictor_write: ['ADDON_PREDICTOR'],
  payment_offer_write: ['PAYMENT_RESTRICTION', 'PAYMENT_PRODUCT'],
  manage_payments: ['PAYMENT_RESTRICTION', 'PAYMENT_PRODUCT'],
  use_news: ['WARREN'],
  use_stream: ['AWS_STREAM'],
  motm_write: ['ADDON_MOTM'],
};

/**
 * Roles a group of an account may be given: a role tied to modules is offered only when the
 * account has at least one of them.
 */
export function rolesAvailableFor(accountModules: readonly string[]): Role[] {
  return ROLES.filter((role) => {
    const needed = ROLE_MODULES[role];
    return !needed || needed.some((code) => accountModules.includes(code));
  });
}
