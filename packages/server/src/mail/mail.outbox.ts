import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAIL_OUTBOX_MAX } from '@regie/contract/mail';
import nodemailer from 'nodemailer';
import type { Mail, Mailer, SentMail } from './mail.types.ts';

/**
 * The local provider, when SMTP_URL is not set: each mail is composed as a real message (the same
 * composer as SMTP, no network) and written as `<folder>/<time>-<id>.eml`, which any mail client
 * opens; the last ones are kept for recent().
 */
export function createOutboxMailer(folder: string, from: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const kept: SentMail[] = [];
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      const info = await composer.sendMail({ from, ...mail });
      const sentAt = new Date();
      const id = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = join(folder, `${id}.eml`);
      await mkdir(folder, { recursive: true });
      await writeFile(file, info.message as Buffer);
      kept.unshift({ ...mail, id, sentAt: sentAt.toISOString(), file });
      kept.length = Math.min(kept.length, MAIL_OUTBOX_MAX);
    },
    recent: () => kept,
  };
}
