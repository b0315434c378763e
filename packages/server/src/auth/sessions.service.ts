import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, TOKEN_TTL_MS } from '@regie/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/sessions.table.ts';
import { unauthorized } from '../http/http.errors.ts';

/** A session is extended on use, but written at most once a minute to spare the database. */
const REFRESH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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

/** The user id of a live session; 401 for an unknown, revoked or expired token. */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ sessionId: number; userId: number }> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!session || session.revokedAt) throw unauthorized(AUTH_MESSAGES.invalidToken);
  if (session.expiresAt.getTime() <= now.getTime()) throw unauthorized(AUTH_MESSAGES.expiredToken);
  if (now.getTime() - session.lastSeenAt.getTime() > REFRESH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) })
      .where(eq(sessions.id, session.id));
  }
  return { sessionId: session.id, userId: session.userId };
}

export async function revokeSession(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
