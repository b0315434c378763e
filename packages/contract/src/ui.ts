/**
 * Interface constants of the back-office (spec §9), shared so that the web app, its tests and the
 * browser tests agree on them.
 */

/** Floating messages (spec §4 "Toast"): enter, stay, leave. */
export const TOAST_TIMING = { enterMs: 250, visibleMs: 10_000, leaveMs: 1_000 } as const;
export const TOAST_MAX_WIDTH_PX = 500;
export const MESSAGE_TYPES = ['danger', 'info', 'warning', 'success'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Default duration of a notification of the main area (spec §9). */
export const NOTIFICATION_DURATION_MS = 4_000;
/** The action layer's notifications ('Requesting...', 'Requested', errors): the middleware default. */
export const ACTION_NOTIFICATION_DURATION_MS = 3_000;

export const MENU_ITEM_HEIGHT = 45;
/** Below this window height the left menu shows scroll arrows. */
export const SMALL_WINDOW_HEIGHT = 690;
export const MENU_TOGGLE_MS = 100;
/** The main area widens this long after the menu collapses. */
export const MAIN_WIDEN_DELAY_MS = 200;
export const TOOLTIP_DELAY_MS = 350;

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const BACKSPACE_THROTTLE_MS = 300;
/** A lazily loaded screen that takes longer than this fails with 'Loader timed out!'. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Margin and padding of the tag picker's cards (spec §9 "Default tag card margin and padding 25"). */
export const TAG_CARD_SPACING_PX = 25;

/** The background worker script (spec §7): exports and sprites are fetched there, off the main thread. */
export const BACKGROUND_WORKER_PATH = '/worker/fetch.js';

export const LEGAL_YEARS = '2013-2022';
export const THEME_PRIMARY_COLOR = '#0ACAFF';

/** Build environments: the 'tests' menu exists only outside staging and production. */
export const BUILD_ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type BuildEnvironment = (typeof BUILD_ENVIRONMENTS)[number];

export function isProductionBuild(environment: BuildEnvironment): boolean {
  return environment === 'staging' || environment === 'production';
}

/** Where the web app keeps its state in localStorage (spec §4). */
export const STORAGE_KEYS = { session: 'regie.session', simulatedAccount: 'simulatedAccount' } as const;
