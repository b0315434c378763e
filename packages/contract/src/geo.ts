// Kept free of zod: the public embed page imports these values. The schemas are in geo.schemas.ts.
import { messageCatalog } from './messages.ts';

/**
 * GEO_BLOCKING (issue 47): where fans may watch. An account sets a rule (the countries allowed,
 * or the countries refused) and what to do with an address that has no country (loopback, a
 * private network: a stadium's own network, a developer's machine; allowed by default). An event,
 * a conference, a video and a live input may replace the account's rule with their own.
 *
 * DECISION: what a viewer must pass to watch. An event's (or conference's) page: its own rule,
 * else the account's; while it is live, each camera input with a rule of its own adds that rule;
 * its replay, a video with a rule of its own adds that rule. So a restriction set on a camera (a
 * broadcaster's feed sold for one country) or a video (archive footage cleared for one country)
 * holds wherever it plays, and an event can still open wider than the account.
 *
 * The viewer's country comes from their address through the GeoLite2 country database shipped
 * with the server (nothing downloaded at run time); behind the load balancer, from
 * X-Forwarded-For only when the request comes from a trusted proxy (REGIE_TRUST_PROXY).
 */
export const GEO_MODULE = 'GEO_BLOCKING';

/** allow: only the countries listed may watch; block: every country but those listed. */
export const GEO_MODES = ['allow', 'block'] as const;
export type GeoMode = (typeof GEO_MODES)[number];

/** What an address without a country (loopback, private networks) does. */
export const GEO_UNKNOWN_ADDRESSES = ['allow', 'refuse'] as const;
export type GeoUnknownAddresses = (typeof GEO_UNKNOWN_ADDRESSES)[number];

/** A rule: allowed or refused countries (ISO 3166-1 alpha-2 codes). */
export interface GeoRule {
  mode: GeoMode;
  countries: string[];
}

/** The account's setting: its rule and what addresses without a country do. */
export interface GeoSettings extends GeoRule {
  unknownAddresses: GeoUnknownAddresses;
}

/** Every rule a viewer must pass (the content's, then those its cameras or video add), and the account's unknown-address choice. */
export interface GeoPolicy {
  rules: readonly GeoRule[];
  unknownAddresses: GeoUnknownAddresses;
}

/** The account's setting when it never set one: nobody refused. */
export const GEO_SETTINGS_DEFAULT: GeoSettings = { mode: 'block', countries: [], unknownAddresses: 'allow' };

/** The most countries one rule lists (every country there is). */
export const GEO_COUNTRIES_MAX = 250;

/** True when the rule lets a viewer of that country (an ISO code) watch. */
export function ruleAllows(rule: GeoRule, country: string): boolean {
  const listed = rule.countries.includes(country);
  return rule.mode === 'allow' ? listed : !listed;
}

/** True when a rule refuses nobody (block with no country): it may be left out of a policy. */
export function ruleIsOpen(rule: GeoRule): boolean {
  return rule.mode === 'block' && rule.countries.length === 0;
}

/**
 * Whether a viewer may watch under a policy: `country` is their ISO code, or null for an address
 * without one (which follows the account's unknown-address choice whatever the rules say).
 */
export function policyAllows(policy: GeoPolicy, country: string | null): boolean {
  if (policy.rules.length === 0) return true;
  if (country === null) return policy.unknownAddresses === 'allow';
  return policy.rules.every((rule) => ruleAllows(rule, country));
}

/** True when a policy refuses somebody (a page under it needs the viewer's country). */
export function policyRestricts(policy: GeoPolicy | null): policy is GeoPolicy {
  return policy !== null && policy.rules.length > 0;
}

/** The HTTP status of a refused viewer (RFC 7725: unavailable for legal reasons). */
export const GEO_REFUSED_STATUS = 451;

export const GEO_MESSAGES = messageCatalog('GEO_MESSAGES', {
  refused: 'This video is not available in your country',
  countryUnknown: (code: string) => `Unknown country code ${code}: use the two-letter ISO code (FR, BE, GB…)`,
  allowNeedsCountry: 'Allowing only some countries needs at least one country',
  moduleInactive: 'Geo blocking needs the Geo blocking module: ask your administrator to switch it on',
});

/**
 * ISO 3166-1 alpha-2 codes: the countries a rule may list. Their names are the viewer's language's
 * (Intl.DisplayNames), never stored.
 */
// biome-ignore format: a table of codes reads better in rows
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return COUNTRY_SET.has(value);
}
