/** The login page, remembering where to come back to. */
export function loginPath(lastpath: string | null): string {
  return lastpath ? `/login?lastpath=${encodeURIComponent(lastpath)}` : '/login';
}
