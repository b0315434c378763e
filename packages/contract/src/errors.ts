import { messageCatalog } from './messages.ts';

/** Messages of the HTTP layer itself: validation, malformed requests, unknown routes. */
export const HTTP_MESSAGES = messageCatalog('HTTP_MESSAGES', {
  validationFailed: 'Validation failed',
  unknownField: 'Unknown field',
  invalidValue: 'Invalid value',
  invalidValueInRequest: 'Invalid value in the request',
  unexpected: 'An unexpected error occurred',
  /** 503: the database or the realtime service is away for a moment (a restart, a network cut). */
  unavailable: 'The service is briefly unavailable: try again in a few seconds',
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: (limitMiB: number) => `Request body is too large (limit ${limitMiB} MiB)`,
  unsupportedMediaType: 'Unsupported content type: send JSON (application/json)',
  contentLengthMismatch: 'Request body length does not match its Content-Length header',
  rangeNotSatisfiable: 'Range not satisfiable',
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
  unsupportedVersion: (version: string, served: string) =>
    `Unsupported API version '${version}': this API serves ${served}`,
  userNotFound: (id: number | string) => `User ${id} not found`,
  accountNotFound: (id: number | string) => `Account ${id} not found`,
  groupNotFound: (id: number | string) => `Group ${id} not found`,
  deleteSelf: 'You cannot delete your own user',
  deleteOwnAccount: 'You cannot delete the account you belong to',
  /** An account's config.sportId: a sport the account does not see (another account's, or none). */
  accountSportNotSeen: (sportId: number | string) =>
    `Sport ${sportId} is neither a platform sport nor one of this account's own`,
  noSprite: (filename: string, sportId: number | string) => `No sprite ${filename} for sport ${sportId}`,
  mediaLinkExpired: 'This media link has expired or is not valid: reload the page for a new one',
  /** A client error of the framework or a plugin that no message here names: its own words. */
  clientError: (detail: string) => detail,
});

/** Field rules written in the contract's schemas (zod messages of their own). */
export const FIELD_MESSAGES = messageCatalog('FIELD_MESSAGES', {
  uploadId: 'Not an upload id',
  contentType: 'Not a content type',
  cueOrder: 'A cue must end after it starts',
  imageKey: 'Not an uploaded image key',
  username: 'Use letters, digits and . _ @ + - only',
  hexColor: 'Use a colour like #0ACAFF',
  defaultLanguage: 'The default language must be one of the available languages',
  seasonDates: 'The end date must be on or after the start date',
  countryCode: 'Use a two-letter country code, like FR or GB',
  topic: 'A topic is /admin, /admin/<name>… optionally ending in /* or /**',
  dateRange: 'Use a range of date-times, from..to (either end may be left out)',
});
