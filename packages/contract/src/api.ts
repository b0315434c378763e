/**
 * Gateway prefixes, headers and path builders shared by the server and the web client (spec §7).
 */
export const USERS_API = '/users-service-api';
export const MAIN_API = '/main-api';
/** Prefixes under which an unknown path is a JSON 404, never the web app. */
export const API_PREFIXES = [USERS_API, MAIN_API, '/api', '/data-providers-service-api'] as const;

/** The query builder's calls (query-builder.ts): POSTs that only read. */
export const queryPaths = {
  run: `${MAIN_API}/admin-tools/query`,
  export: `${MAIN_API}/admin-tools/query/export`,
} as const;

export const HEADER_ACCOUNT_KEY = 'x-account-key';
export const HEADER_ACCEPT_VERSION = 'accept-version';
/** A streamed CSV export says in this header how many rows follow, for a progress bar. */
export const HEADER_EXPORT_TOTAL = 'x-export-total';
/** The only API version served; a request without Accept-Version is taken as this one. */
export const API_VERSION = 'v6';
/** Largest JSON request body the API accepts (413 above). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A path parameter: its value, URL-encoded, or, without one, the route pattern's `:name` (what the
 * server registers). So each path is written once, here, for both sides.
 */
export function pathParam(name: string, value?: number | string): string {
  return value === undefined ? `:${name}` : encodeURIComponent(String(value));
}

/** Where a declared resource lives: its gateway, its name and, when nested, its parent. */
export interface ResourcePlace {
  gateway: 'users' | 'main';
  name: string;
  parent?: { resource: string };
}

export function gatewayPrefix(gateway: ResourcePlace['gateway']): string {
  return gateway === 'users' ? USERS_API : MAIN_API;
}

/**
 * A resource's base path: `/main-api/tags`, `/users-service-api/accounts`; a nested one's under its
 * parent record, `/main-api/competitions/7/seasons` (`:parentId` without a parent id: the route).
 */
export function resourcePath(resource: ResourcePlace, parentId?: number | string): string {
  const prefix = gatewayPrefix(resource.gateway);
  if (!resource.parent) return `${prefix}/${resource.name}`;
  return `${prefix}/${resource.parent.resource}/${pathParam('parentId', parentId)}/${resource.name}`;
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
  /** The sports one account sees (the platform's and its own), for its configuration tab. */
  accountSports: (accountId: number | string) => `${USERS_API}/accounts/${accountId}/sports`,
  adminPayload: `${MAIN_API}/common/admin-payload`,
  googleAnalyticsToken: `${MAIN_API}/common/google-analytics-token`,
  search: (entity: string) => `${MAIN_API}/search/${entity}`,
  /** DELETE: purges one server cache key (contract cache.ts CACHE_KEYS). */
  cachePurge: (key?: string) => `${MAIN_API}/utils/cache/${pathParam('key', key)}`,
  /** GET/POST an owner's linked items (categories, products), DELETE one under it. */
  itemLinks: (owner: string, id?: number | string) => `${MAIN_API}/${owner}/${pathParam('id', id)}/items`,
  challengersSearch: `${MAIN_API}/challengers/search`,
  challengerAppearances: (id?: number | string) => `${MAIN_API}/challengers/${pathParam('id', id)}/appearances`,
  productFans: (id?: number | string) => `${MAIN_API}/products/${pathParam('id', id)}/fans`,
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
