// Acting for an account with a reason (issue 26 point 2, spec §6): a platform administrator opens an
// acting session for one customer account, with a reason; until it ends, the account's x-account-key
// works for them, and the start and the end are in the audit trail.
import { z } from 'zod';
import { USERS_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, schemaMessage } from './messages.ts';

export const ACTING_LIMITS = { reasonMax: 500 } as const;

export const ACTING_MESSAGES = messageCatalog('ACTING_MESSAGES', {
  /** 403: another account's x-account-key without an open acting session for it. */
  required: 'To act for this account, pick it again in the account selector and give a reason.',
  reasonRequired: 'Give a reason for acting for this account (a ticket number, for instance).',
  reasonTooLong: `The reason is too long (${ACTING_LIMITS.reasonMax} characters at most).`,
  ownAccount: 'This is your own account: there is no need to act for it.',
  accountNotFound: (id: number | string) => `Account ${id} not found`,
});

export const actingPaths = {
  /**
   * POST {@link actingBody} → 201 {@link actingSession}: opens acting for the account (and ends the
   * session's previous one); DELETE → 204: ends it. Both platform administrators', sent with their
   * own account key.
   */
  acting: `${USERS_API}/users/me/acting`,
} as const;

export const actingBody = z
  .object({
    accountId: z.number().int().positive().max(2_147_483_647),
    reason: z
      .string()
      .trim()
      .min(1, { message: schemaMessage(ACTING_MESSAGES.reasonRequired) })
      .max(ACTING_LIMITS.reasonMax, { message: schemaMessage(ACTING_MESSAGES.reasonTooLong) }),
    /** Look without being able to change anything: every write is refused, as for read_only. */
    readOnly: z.boolean().default(false),
  })
  .strict();
export type ActingBody = z.input<typeof actingBody>;

/** An open acting session, as the account selector and the banner show it. */
export const actingSession = z
  .object({
    accountId: z.number(),
    accountName: z.string(),
    accountKey: z.string(),
    reason: z.string(),
    readOnly: z.boolean(),
    startedAt: isoDateTime,
  })
  .meta({ id: 'ActingSession' });
export type ActingSession = z.infer<typeof actingSession>;

/** What users/me/context says of the acting session of the request's account (null: none). */
export const actingContext = z.object({ reason: z.string(), readOnly: z.boolean(), startedAt: isoDateTime }).nullable();
export type ActingContext = z.infer<typeof actingContext>;
