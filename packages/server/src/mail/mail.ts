import { join } from 'node:path';
import { createOutboxMailer } from './mail.outbox.ts';
import { createSmtpMailer } from './mail.smtp.ts';
import type { Mailer } from './mail.types.ts';

export interface MailConfig {
  /** SMTP_URL; null: mails go to the local outbox. */
  smtpUrl: string | null;
  /** REGIE_MAIL_FROM. */
  from: string;
}

/** Where the local outbox writes its .eml files. */
export function outboxFolder(dataDir: string): string {
  return join(dataDir, 'mail', 'outbox');
}

/** Chosen once at boot: SMTP when SMTP_URL is set, else the local outbox in the data folder. */
export function createMailer(config: MailConfig, dataDir: string): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from)
    : createOutboxMailer(outboxFolder(dataDir), config.from);
}
