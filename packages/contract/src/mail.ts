import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';

/**
 * The mails Regie sends (the fans' sign-up, issue 28.6). With SMTP_URL they go through that SMTP
 * server; without it each is written as an .eml file in the data folder's `mail/outbox`, and the
 * platform admins read the last ones here (`smtp: false` says mails do not leave the machine).
 */
export const mailPaths = {
  outbox: `${MAIN_API}/admin-tools/mail-outbox`,
} as const;

export const MAIL_OUTBOX_MAX = 100;

export const mailOutboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() }).strict();

export const sentMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: isoDateTime,
});
export const mailOutboxResponse = z.object({
  /** True when SMTP_URL is set: the outbox is then empty, mails left through SMTP. */
  smtp: z.boolean(),
  /** The last MAIL_OUTBOX_MAX mails this process wrote, newest first. */
  data: z.array(sentMail),
});
export type MailOutboxResponse = z.infer<typeof mailOutboxResponse>;
