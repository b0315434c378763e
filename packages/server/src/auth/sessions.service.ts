import { hash, randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '@regie/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/sessions.table.ts';

/** A session is extended on use, but written at most once a minute to spare the database. */
export const REFRESH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  // The one-shot hash: a quarter of createHash's cost, paid by every signed-in call.
  return hash('sha256', token, 'hex');
}

/** Opens a session: the token is returned once and only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now, lastSeenAt: now });
  return { token, expiresAt };
}

export async function revokeSession(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
