/** The login page's path (spec §2). */
export const LOGIN_PATH = '/login';

/** The login page, remembering where to come back to. */
export function loginPath(lastpath: string | null): string {
  return lastpath ? `${LOGIN_PATH}?lastpath=${encodeURIComponent(lastpath)}` : LOGIN_PATH;
}
