/**
 * Gateway prefixes, headers and path builders shared by the server and the web client (spec §7).
 */
export const USERS_API = '/users-service-api';
export const MAIN_API = '/main-api';
/** Prefixes under which an unknown path is a JSON 404, never the web app. */
export const API_PREFIXES = [USERS_API, MAIN_API, '/api', '/data-providers-service-api'] as const;

export const HEADER_ACCOUNT_KEY = 'x-account-key';
export const HEADER_ACCEPT_VERSION = 'accept-version';
/** The only API version served; a request without Accept-Version is taken as this one. */
export const API_VERSION = 'v6';
/** Largest JSON request body the API accepts (413 above). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export const paths = {
  login: `${USERS_API}/auth/login`,
  logout: `${USERS_API}/auth/logout`,
  me: `${USERS_API}/users/me`,
  meContext: `${USERS_API}/users/me/context`,
  meOauth: `${USERS_API}/users/me/oauth`,
  userGroups: (userId: number | string) => `${USERS_API}/users/${userId}/groups`,
  roles: `${USERS_API}/roles`,
  modules: `${USERS_API}/modules`,
  groupAccounts: (groupId: number | string) => `${USERS_API}/groups/${groupId}/accounts`,
  groupRoles: (groupId: number | string) => `${USERS_API}/groups/${groupId}/roles`,
  groupUsers: (groupId: number | string) => `${USERS_API}/groups/${groupId}/users`,
  accountModules: (accountId: number | string) => `${USERS_API}/accounts/${accountId}/modules`,
  accountGroups: (accountId: number | string) => `${USERS_API}/accounts/${accountId}/groups`,
  adminPayload: `${MAIN_API}/common/admin-payload`,
  googleAnalyticsToken: `${MAIN_API}/common/google-analytics-token`,
  search: (entity: string) => `${MAIN_API}/search/${entity}`,
  docs: '/api/docs',
  health: '/api/health',
} as const;

/** Encodes a query the way the gateway expects: arrays as key[]=value, values URL-encoded. */
export function toQueryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
