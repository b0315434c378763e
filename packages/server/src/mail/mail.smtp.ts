import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mail.types.ts';

/** The real adapter: nodemailer's SMTP transport on SMTP_URL (smtp://user:pass@host:587, smtps://…). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({ from, ...mail });
    },
    recent: () => [],
  };
}
