// Who did what (issue 26 point 1 and point 4's read side): the audit trail's entries, the calls that
// read them and the rule that keeps secrets out of them.
import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog } from './messages.ts';

/**
 * What an entry records. create, update and delete are the generic resource engine's (a record's
 * translations are an update of the record, their fields named `translations.<language>`);
 * sign-in, sign-out and sign-in-failed are the auth routes'. A new action is added here as it is
 * wired, so a filter never offers one that nothing writes.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign-in',
  'sign-out',
  'sign-in-failed',
  // Acting for an account (a platform administrator, with a reason).
  'acting-start',
  'acting-end',
  // The actions of the media and live routes.
  'go-live',
  'end-live',
  'rotate-key',
  'switch-camera',
  'start',
  'stop',
  'cancel',
  'retry',
  'purge',
  // 'import' (an event's markers or match stats re-imported) is the data routes', below.
  'encode',
  'share',
  'clip',
  'send',
  // The actions of the fans, games and data routes.
  // A fan blocked or unblocked, a tag put on or taken off (one fan, or every fan a filter holds).
  'block',
  'unblock',
  'tag',
  'untag',
  // A chat message hidden by a moderator, a viewer banned from a chat or let back in.
  'hide',
  'ban',
  'unban',
  // A data import queued, a season's events generated.
  'import',
  'generate',
  // A predictor game's predictions scored from the final score.
  'calculate',
  // A social account linked to a user, or disconnected (contract social.ts).
  'link',
  'unlink',
  'approve',
  'reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The resource name of the sign-in entries (their resourceId is the user's id, when known). */
export const AUDIT_AUTH_RESOURCE = 'auth';

/**
 * The resources of entries beside the resource engine's (whose names are the registry's
 * RESOURCE_NAMES): records the engine does not serve, each with its label `audit.resource.<name>`.
 * The audit screen offers them in its filter; the API tests fail on an entry of a resource in
 * neither list (server audit.declared.ts), so a new one is named here.
 */
export const AUDIT_OTHER_RESOURCES = [
  AUDIT_AUTH_RESOURCE,
  'streams',
  'cameras',
  'simulcasts',
  'simulcast-targets',
  'social-links',
  'publications',
  'graphics',
  'attachments',
  'chapters',
  'jobs',
  'parser-mappings',
  'cache',
  'messages',
  'fans',
  'fan-profiles',
  'chats',
  'chat-word-filter',
  'chat-messages',
  'csv-mappings',
  'data-imports',
  'data-provider-mappings',
  'data-provider-subscriptions',
  'fan-games',
  'game-sponsors',
  'game-gifts',
  'game-settings',
] as const;
export type AuditOtherResource = (typeof AUDIT_OTHER_RESOURCES)[number];

/**
 * Days an account's entries are kept before the `audit.prune` task deletes them, unless its config
 * says otherwise (accountConfig.auditRetentionDays, within the limits).
 */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_RETENTION_LIMITS = { min: 30, max: 3650 } as const;

/**
 * Who opens the audit screen and a record's history: platform administrators (every account) and
 * an account's manage_users holders (their own), as the server's auditScopeOf decides.
 */
export const AUDIT_READ_RULE: AccessRule = {
  authorizedRoles: ['manage_users', 'manage_customer_accounts'],
  // Acting for an account whose grants hold neither, the administrator still reads its trail.
  rolesOrPlatformAdmin: true,
};

export const AUDIT_LIMITS = { defaultLimit: 50, maxLimit: 200 } as const;

export const auditPaths = {
  /** GET {@link auditQuery} → {@link auditPage}, newest first. */
  list: `${MAIN_API}/audit`,
  /** GET, the same filters (cursor and limit ignored) → CSV streamed, newest first. */
  export: `${MAIN_API}/audit/export`,
} as const;

/**
 * A field holding a secret: only the fact that it changed is recorded, never a value. A field the
 * form sends but the server never returns (`ui.writeOnly`, passwords) is one; so is any field named
 * like a credential (an account's key, a token, a secret).
 */
export const SECRET_FIELD_PATTERN = /password|secret|token|accountkey|apikey|privatekey/i;

export function isSecretField(field: string, ui?: { writeOnly?: boolean }): boolean {
  return ui?.writeOnly === true || SECRET_FIELD_PATTERN.test(field);
}

/** A field's values before and after the change (null: none, at a create or a delete). */
export const auditFieldChange = z.union([
  z.object({ before: z.unknown(), after: z.unknown() }).strict(),
  /** A secret: it changed, nothing more. */
  z.object({ changed: z.literal(true) }).strict(),
]);
export type AuditFieldChange = z.infer<typeof auditFieldChange>;
export const auditChanges = z.record(z.string(), auditFieldChange);
export type AuditChanges = z.infer<typeof auditChanges>;

export const auditEntry = z
  .object({
    /** Grows with every entry: the keyset of the pages. Text, as a bigint may pass 2^53. */
    id: z.string(),
    at: isoDateTime,
    /** Who did it (null: a failed sign-in with an unknown username). */
    userId: z.number().int().nullable(),
    /** Their name when it was done (a failed sign-in: the username tried). */
    userName: z.string().nullable(),
    /** The platform administrator acting for the account (spec §6), else null. */
    actingAdminId: z.number().int().nullable(),
    /** The account whose data changed (null: a platform record, or an unknown username). */
    accountId: z.number().int().nullable(),
    /** That account's name as it is now (null: a platform entry, or an account deleted since). */
    accountName: z.string().nullable(),
    resource: z.string(),
    resourceId: z.number().int().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    changes: auditChanges,
    requestId: z.string().nullable(),
    /** Null for a customer reading a platform administrator's entry. */
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The filters of the list and the export. `accountId` narrows a platform administrator's view;
 * anyone else sees their own account only (another account's id: 404). `from` and `to` are ISO
 * 8601 instants, `to` excluded. `cursor` is the list's `nextCursor`, opaque.
 */
export const auditQuery = z
  .object({
    userId: positiveId.optional(),
    accountId: positiveId.optional(),
    resource: z.string().min(1).max(80).optional(),
    resourceId: positiveId.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.maxLimit).default(AUDIT_LIMITS.defaultLimit),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  data: z.array(auditEntry),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** The export's columns, in order (changes as JSON). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'userId',
  'userName',
  'actingAdminId',
  'accountId',
  'resource',
  'resourceId',
  'action',
  'changes',
  'requestId',
  'ip',
  'userAgent',
] as const satisfies readonly (keyof AuditEntry)[];

export const AUDIT_MESSAGES = messageCatalog('AUDIT_MESSAGES', {
  badCursor: 'This page link is no longer valid: start again from the first page',
  accountNotFound: (id: number | string) => `Account ${id} not found`,
  notAllowed: 'Reading the audit trail needs the manage_users role',
});
