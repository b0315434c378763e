import type { Message } from '@regie/contract/messages';
import type { LinkState, SocialPlatform } from '@regie/contract/social';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { users } from './users.table.ts';

/**
 * A user's linked social account (contract social.ts): one per user and platform. The tokens are
 * sealed (AES-256-GCM under the media secret, purpose 'social-tokens'): a JSON of SocialTokens.
 * Never sent out, never logged.
 */
export const socialLinks = pgTable(
  'social_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    state: text('state').$type<LinkState>().notNull().default('active'),
    /** Why the link is not active (the platform's words inside), as a message. */
    reason: jsonb('reason').$type<Message>(),
    externalId: text('external_id').notNull(),
    accountName: text('account_name').notNull(),
    pictureUrl: text('picture_url'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    sealedTokens: text('sealed_tokens').notNull(),
    /** When the access token ends (null: the platform did not say, or it does not end). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Made through this server's local stand-in of the platform. */
    local: boolean('local').notNull().default(false),
    disabledBy: integer('disabled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('social_links_user_platform_unique').on(table.userId, table.platform),
    index('social_links_account_idx').on(table.accountId, table.platform),
  ],
);
export type SocialLinkRow = typeof socialLinks.$inferSelect;

/**
 * A connect started in the browser and not finished yet: the `state` the platform sends back
 * (its primary key), the PKCE verifier or X's request-token secret (sealed), where to return.
 * Used once; older than LINK_REQUEST_TTL_MS it is refused.
 */
export const socialLinkRequests = pgTable(
  'social_link_requests',
  {
    state: text('state').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    /** The sealed secret of the flow: PKCE code verifier, or X's request token secret. */
    sealedSecret: text('sealed_secret').notNull(),
    /** X: the request token the callback names (its state). */
    requestToken: text('request_token'),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('social_link_requests_request_token_unique').on(table.requestToken)],
);
export type SocialLinkRequestRow = typeof socialLinkRequests.$inferSelect;
