/** One mail to send (mail.ts chooses the backend once at boot). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A mail as the local outbox keeps it (the last ones, for tests and the admins). */
export interface SentMail extends Mail {
  id: string;
  sentAt: string;
  /** The .eml file under `<data>/mail/outbox`. */
  file: string;
}

export interface Mailer {
  /** 'smtp' (SMTP_URL set) or 'outbox' (every mail written as an .eml file in the data folder). */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** The last mails this process wrote to the local outbox, newest first ([] with SMTP). */
  recent(): readonly SentMail[];
}
