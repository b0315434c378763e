import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counts when the database is PostgreSQL and there is no Redis
 * (http/rate-limiter.ts), in the layout rate-limiter-flexible's RateLimiterPostgres reads and
 * writes with its own statements: `key` is the limit's name, ':', what it counts (an address, a
 * username…); `points` what was counted in the window; `expire` the window's end (epoch ms).
 * Created here rather than by the library at run time. `key` is text, not the library's
 * varchar(255): a fan's key holds an email of up to 254 characters. Ended windows are swept.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
