import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';

/**
 * Feed credentials at rest: AES-256-GCM under a key derived from the server's media secret
 * (REGIE_MEDIA_SECRET, or the key file `media-secret.key` main.ts makes once in the data folder;
 * videos/media-secret.ts), with a purpose of its own, so the same secret never keys two uses.
 * Stored as `{iv}.{ciphertext+tag}` in base64url: a random IV each time, so equal passwords give
 * different rows. Every API and worker process must share the secret (as for signed media URLs);
 * a subscription sealed under another key says so in its status (enter the credentials again).
 * Both read it through videos/media-secret.ts loadProcessConfig, then credentialSealOf.
 */
export interface CredentialSeal {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another key or tampered with. */
  open(sealed: string): string | null;
}

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/** `purpose` keys each use apart (feed credentials, social tokens): one secret never keys two uses. */
export function createCredentialSeal(secret: string | Buffer, purpose = 'data-provider-credentials'): CredentialSeal {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return {
    seal(plain) {
      const iv = randomBytes(IV_LENGTH);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    open(value) {
      const [ivText, sealedText] = value.split('.');
      if (!ivText || sealedText === undefined) return null;
      const iv = Buffer.from(ivText, 'base64url');
      const sealed = Buffer.from(sealedText, 'base64url');
      if (iv.length !== IV_LENGTH || sealed.length < TAG_LENGTH) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
        return Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * The seal of a process's configuration: under its media secret (the same in the server and in
 * a separate worker, videos/media-secret.ts), or null when it has none.
 */
export function credentialSealOf(config: Pick<AppConfig, 'videos'>): CredentialSeal | null {
  return config.videos.mediaSecret ? createCredentialSeal(config.videos.mediaSecret) : null;
}
