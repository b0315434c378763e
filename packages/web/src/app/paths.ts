/** The start screen's path (spec §2): logo, 'Welcome', 'Loading', then where the user belongs. */
export const START_PATH = '/';

/** The session check's path (spec §2): the start screen while the stored token is checked. */
export const CHECK_PATH = '/check';

/** The login page's path (spec §2). */
export const LOGIN_PATH = '/login';

/** The login page, remembering where to come back to. */
export function loginPath(lastpath: string | null): string {
  return lastpath ? `${LOGIN_PATH}?lastpath=${encodeURIComponent(lastpath)}` : LOGIN_PATH;
}
