import { SOCIAL_PLATFORMS } from '@regie/contract/social';
import { inArray } from 'drizzle-orm';
import { createCredentialSeal } from '../data-providers/credentials.ts';
import type { Db } from '../db/database.ts';
import { socialLinks } from '../db/social-links.table.ts';
import { users } from '../db/users.table.ts';
import { localGrant } from '../social/local/grants.ts';

/** The demo users who start with every platform linked (its local stand-in), so a newcomer publishes on day one. */
export const DEMO_SOCIAL_USERS = ['producer', 'clipper'] as const;

/**
 * Links the local stand-ins of every platform for the demo's producer and clipper, the first
 * page or channel chosen, as if they had gone through each consent page. Run at the first start,
 * once the server's secret is known (it signs the stand-ins' tokens and seals them at rest).
 */
export async function seedDemoSocialLinks(db: Db, secret: string): Promise<number> {
  const seal = createCredentialSeal(secret, 'social-tokens');
  const owners = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(inArray(users.username, [...DEMO_SOCIAL_USERS]));
  const rows = owners.flatMap((owner) =>
    SOCIAL_PLATFORMS.map((platform) => {
      const grant = localGrant(secret, platform);
      return {
        accountId: owner.accountId,
        userId: owner.id,
        platform,
        externalId: grant.externalId,
        accountName: grant.accountName,
        pictureUrl: grant.pictureUrl,
        targetId: grant.target?.id ?? null,
        targetName: grant.target?.name ?? null,
        sealedTokens: seal.seal(JSON.stringify(grant.tokens)),
        expiresAt: grant.expiresAt,
        local: true,
      };
    }),
  );
  if (rows.length === 0) return 0;
  await db.insert(socialLinks).values(rows).onConflictDoNothing();
  return rows.length;
}
