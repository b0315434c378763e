// Kept free of zod so the web app can import these values without pulling a schema library in.
import type { AccessRule } from './access.ts';
import type { FeedProvider } from './feeds.ts';
import { messageCatalog } from './messages.ts';

/**
 * The data import (issue 25, `data-import/ipfl`): a provider's document (openfootball, statsbomb,
 * csv) sent inline, as a file or by URL; previewed (`dryRun`: what it holds, each name matched to
 * the account's records or unknown), then written by a job (`data.import`) whose result is the
 * ImportReport (contract feeds.ts). Schemas in data-import.schemas.ts.
 */

export const DATA_PROVIDERS_API = '/data-providers-service-api';

export const dataImportPaths = {
  import: `${DATA_PROVIDERS_API}/import`,
  providers: `${DATA_PROVIDERS_API}/providers`,
  /** GET/PUT: the account's saved CSV column mapping for a sport. */
  csvMapping: (sportId?: number | string) =>
    `${DATA_PROVIDERS_API}/csv-mappings/${sportId === undefined ? ':sportId' : encodeURIComponent(String(sportId))}`,
} as const;

/** The menu's rule for `data-import` (menu.ts): the call asks the same. */
export const DATA_IMPORT_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write'],
  requiredModules: ['IMPORTDATA'],
};

export const DATA_IMPORT_JOB_TYPE = 'data.import';

/** Largest document accepted, inline, as a file or downloaded (413 above). */
export const DATA_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** How long a URL may take to answer and send its document. */
export const DATA_IMPORT_URL_TIMEOUT_MS = 30_000;
/** Fixtures written per transaction (and per progress step). */
export const DATA_IMPORT_FIXTURES_PER_TRANSACTION = 50;
/** A CSV column mapping: at most this many fields, names and headers this long. */
export const CSV_MAPPING_LIMITS = { fields: 40, length: 200 } as const;

/** The kinds of records a name of the document may match (the user's decision is per name). */
export const IMPORT_NAME_KINDS = ['competition', 'season', 'round', 'challenger'] as const;
export type ImportNameKind = (typeof IMPORT_NAME_KINDS)[number];

/** How a name of the document was found among the account's records. */
export type ImportMatchBy = 'provider' | 'name' | 'decision';

/**
 * One name of the document: `ref` identifies it in the document (the provider's id; a round's
 * name), what it is called, and the record it matches, or null (unknown: created unless the user
 * maps it to an existing record).
 */
export interface ImportName {
  kind: ImportNameKind;
  ref: string;
  name: string;
  match: { id: number; name: string; by: ImportMatchBy } | null;
}

/** For one unknown (or matched) name: map it to an existing record, or (recordId null) create it. */
export interface ImportDecision {
  kind: ImportNameKind;
  ref: string;
  recordId: number | null;
}

export type ImportAction = 'create' | 'update' | 'unchanged';

export interface ImportPreviewFixture {
  ref: string;
  round: string | null;
  home: string;
  away: string;
  startsAt: string;
  action: ImportAction;
}

/** What the dry run answers: what the document holds and what importing it would do. */
export interface ImportPreview {
  provider: FeedProvider;
  counts: { fixtures: number; teams: number; people: number; matchEvents: number };
  names: ImportName[];
  fixtures: ImportPreviewFixture[];
  /** Rows that would be refused, with the reason in the request's language. */
  refused: { kind: string; ref: string; reason: string }[];
}

export const DATA_IMPORT_MESSAGES = messageCatalog('DATA_IMPORT_MESSAGES', {
  noDocument: 'Send a document: inline (document), as a file (multipart field "file") or by URL (url)',
  twoDocuments: 'Send one document: inline, as a file or by URL, not several',
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  unknownProvider: (provider: string) => `Unknown provider '${provider}': use one of openfootball, statsbomb, csv`,
  tooLarge: `The document is larger than ${DATA_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  badField: (field: string) => `The field '${field}' is not valid JSON`,
  urlFailed: (detail: string) => `The URL could not be read: ${detail}`,
  eventNotFound: (id: number) => `Event ${id} not found`,
  sportNotFound: (id: number) => `Sport ${id} not found`,
  noSport: 'Choose the sport of the import (sportId): this account names none',
  noCsvMapping: 'Map the CSV columns first: no mapping is saved for this sport and none was sent (csvColumns)',
  nothingToImport: 'The document holds no fixtures, teams or match events',
  matchEventsNeedEvent: "This document holds one match's events: choose the event they belong to (eventId)",
  decisionUnknownRef: (kind: string, ref: string) => `No ${kind} '${ref}' in the document`,
  decisionNotFound: (kind: string, id: number) => `No ${kind} ${id} in this account to map to`,
  decisionWrongParent: (kind: string, id: number) =>
    `The ${kind} ${id} belongs to another competition or season than the one imported`,
  noCompetition: 'The document names no competition: map it to an existing one',
  noSeason: 'The document names no season: map it to an existing one',
  nameTaken: (kind: string, name: string) =>
    `A ${kind} named '${name}' already exists: map the name to it rather than creating another`,
  sameTeams: 'A team cannot play itself',
  duplicateFixture: 'This fixture appears twice in the document: the first one is imported',
  unknownTeam: (ref: string) => `Team '${ref}' is not in the document`,
  badDate: (value: string) => `Kick-off '${value}' is not a date`,
  documentGone: 'The document of this import is no longer stored: send it again',
});
