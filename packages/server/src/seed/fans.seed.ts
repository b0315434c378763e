import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@regie/contract/demo';
import { FAN_LIMITS } from '@regie/contract/fans';
import { type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.service.ts';
import type { Db } from '../db/database.ts';
import { fanProfileMembers, fanProfiles } from '../db/fans.table.ts';
import { tags } from '../db/tags.table.ts';
import { expirySql } from '../fans/fans.public.ts';

/**
 * The demo fan population (issue 13): DEMO_FANS fans over the customer accounts, written in a few
 * set-based statements (INSERT … SELECT generate_series), so it costs seconds, not minutes. What
 * it writes follows the fan service's rules: lower-cased emails unique per account, one argon2id
 * hash (every demo fan signs in with DEMO_PASSWORD), a 'signup' activity and a session at sign-up,
 * a 'signin' activity and a session per later visit, 'play' activities on the account's events, purchases of the account's
 * offers granting the products they sell with the offer's expiry (expirySql), and lastActiveAt the
 * latest activity (built so: the last visit is at lastActiveAt, everything else before it). Seeded sessions are ended (no token can ever open them).
 */
export const DEMO_FANS: Readonly<Record<string, number>> = {
  [DEMO_ACCOUNTS.club]: 30_000,
  [DEMO_ACCOUNTS.events]: 12_000,
  [DEMO_ACCOUNTS.basketball]: 8_000,
};

const FIRST = ['Lucas', 'Emma', 'Hugo', 'Léa', 'Noah', 'Chloé', 'Liam', 'Zoé', 'Adam', 'Inès', 'Jules', 'Manon'];
const MORE_FIRST = ['Oliver', 'Amelia', 'Jack', 'Isla', 'Mateo', 'Sofia', 'Yusuf', 'Aisha', 'Tom', 'Nora'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon'];
const MORE_LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Garcia', 'Rossi', 'Müller', 'Silva'];
const COUNTRIES = ['FR', 'GB', 'BE', 'ES', 'DE', 'IT', 'PT', 'NL', 'US', 'CH'];

/** A constant list as an SQL array literal (our own words: quotes doubled, nothing from outside). */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

const ACCENTS = sql.raw(`'áàâäéèêëíìîïóòôöúùûüçñ', 'aaaaeeeeiiiioooouuuucn'`);

async function insertFans(db: Db, accountId: number, count: number, passwordHash: string): Promise<void> {
  const first = textArray([...FIRST, ...MORE_FIRST]);
  const last = textArray([...LAST, ...MORE_LAST]);
  await db.execute(sql`
    insert into fans (account_id, email, password_hash, nickname, first_name, last_name, country, language,
                      is_blocked, created_at, last_active_at, confirmed_at)
    select ${accountId},
           translate(lower(n.first || '.' || n.last), ${ACCENTS}) || '.' || g.i || '@fans.example',
           ${passwordHash}, n.first || (g.i % 1000), n.first, n.last,
           (${textArray(COUNTRIES)})[1 + (g.i * 7) % 10],
           case when g.i % 3 = 0 then 'fr' else 'en' end,
           g.i % 151 = 0, t.created_at,
           -- Half the fans came back after signing up; the others' last activity is the sign-up.
           case when g.i % 2 = 0 then t.created_at + (now() - t.created_at) * (1 - (g.i * 17 % 100) / 150.0)
                else t.created_at end,
           -- Every demo fan confirmed their email when they signed up.
           t.created_at
    from generate_series(1, ${count}) as g(i)
    cross join lateral (
      select (${first})[1 + (g.i * 7) % 22] as first, (${last})[1 + (g.i * 13) % 20] as last
    ) as n
    cross join lateral (
      select now() - make_interval(days => (g.i * 37) % 720, secs => (g.i * 131) % 86400) as created_at
    ) as t`);
}

/**
 * Sign-ups (a session each, as the service opens one), a later sign-in for the fans who came back
 * (at their lastActiveAt, so it stays their latest activity) and their plays of the account's events
 * in between. Times are fractions of each fan's span from sign-up to last activity.
 */
async function insertActivities(db: Db, accountId: number): Promise<void> {
  const demoFans = sql`f.account_id = ${accountId} and f.email like '%@fans.example'`;
  const ttl = sql.raw(`interval '${FAN_LIMITS.sessionTtlMs / 1000} seconds'`);
  await db.execute(sql`
    with visits as (
      select f.id, f.account_id, 0 as n, f.created_at as at from fans f where ${demoFans}
      union all
      select f.id, f.account_id, 1, f.last_active_at from fans f where ${demoFans} and f.last_active_at > f.created_at
    ),
    sessions as (
      insert into fan_sessions (token_hash, fan_id, account_id, ip, user_agent, created_at, last_seen_at,
                                expires_at, ended_at)
      select 'seed:' || id || ':' || n, id, account_id, '203.0.113.' || (id % 250),
             case when id % 2 = 0 then 'RegieApp/2.4 (iOS)' else 'Mozilla/5.0 (embed player)' end,
             at, at, at + ${ttl}, at
      from visits
    )
    insert into fan_activities (fan_id, account_id, type, at, payload)
    select id, account_id, case when n = 0 then 'signup' else 'signin' end, at,
           case when n = 0 then '{}'::jsonb else jsonb_build_object('ip', '203.0.113.' || (id % 250)) end
    from visits`);
  await db.execute(sql`
    with account_events as (
      select array_agg(id order by id) as ids from events where account_id = ${accountId}
    )
    insert into fan_activities (fan_id, account_id, type, at, event_id, payload)
    select f.id, f.account_id, 'play',
           f.created_at + (f.last_active_at - f.created_at) * (p.n::float / (2 + f.id % 3)),
           e.ids[1 + (f.id + p.n) % array_length(e.ids, 1)], '{}'::jsonb
    from fans f
    cross join account_events e
    cross join lateral generate_series(1, 1 + f.id % 3) as p(n)
    where e.ids is not null and ${demoFans} and f.last_active_at > f.created_at`);
}

/** One fan in seven of those who came back buys one of the account's offers (those that sell products). */
async function insertPurchases(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`
    with offers as (
      select o.id, o.price, o.currency, o.billing_period, array_agg(l.product_id order by l.product_id) as products,
             row_number() over (order by o.id) - 1 as rank, count(*) over () as total
      from payment_offers o join product_payment_offers l on l.payment_offer_id = o.id
      where o.account_id = ${accountId} and o.active
      group by o.id
    ),
    buyers as (
      select f.id as fan_id, f.account_id, o.id as offer_id, o.price, o.currency, o.products, o.billing_period,
             f.created_at + (f.last_active_at - f.created_at) / 2 as at
      from fans f join offers o on o.rank = f.id % o.total
      where f.account_id = ${accountId} and f.email like '%@fans.example' and f.id % 7 = 0
        and f.last_active_at > f.created_at
    ),
    granted as (
      insert into fan_products (fan_id, product_id, purchased_at, expires_at)
      select b.fan_id, p.product_id, b.at, ${expirySql(sql`b.billing_period`, sql`b.at`)}
      from buyers b cross join lateral unnest(b.products) as p(product_id)
      on conflict do nothing
    )
    insert into fan_activities (fan_id, account_id, type, at, payload)
    select fan_id, account_id, 'purchase', at,
           jsonb_build_object('paymentOfferId', offer_id, 'price', price, 'currency', currency,
                              'productIds', to_jsonb(products))
    from buyers`);
}

const FAN_TAGS = [
  { name: 'Season ticket holder', every: 5 },
  { name: 'Newsletter', every: 6 },
  { name: 'Kids club', every: 12 },
  { name: 'Away travel', every: 20 },
] as const;

/** Fan tags (the account's tags, type 'fan') and profiles: by rules, and one by hand. */
async function tagsAndProfiles(db: Db, accountId: number): Promise<void> {
  const rows = await db
    .insert(tags)
    .values(FAN_TAGS.map((tag) => ({ name: tag.name, tagType: 'fan', accountId })))
    .returning({ id: tags.id, name: tags.name });
  for (const tag of FAN_TAGS) {
    const id = rows.find((row) => row.name === tag.name)?.id;
    await db.execute(sql`
      insert into fan_tags (fan_id, tag_id)
      select id, ${id} from fans where account_id = ${accountId} and id % ${tag.every} = 0`);
  }
  const season = rows.find((row) => row.name === FAN_TAGS[0].name)?.id;
  const [products] = resultRows<{ ids: number[] | null }>(
    await db.execute(sql`select array_agg(id order by id) as ids from products where account_id = ${accountId}`),
  );
  const profiles = [
    {
      name: 'Season ticket holders',
      description: 'Fans tagged season ticket holder',
      rules: { tagIds: season ? [season] : [], activeWithinDays: null, productIds: [] },
    },
    {
      name: 'Active this month',
      description: 'Fans seen in the last 30 days',
      rules: { tagIds: [], activeWithinDays: 30, productIds: [] },
    },
    ...(products?.ids?.length
      ? [
          {
            name: 'Subscribers',
            description: 'Fans who bought a pass',
            rules: { tagIds: [], activeWithinDays: null, productIds: products.ids },
          },
        ]
      : []),
    {
      name: 'Ambassadors',
      description: 'Chosen by the club',
      rules: { tagIds: [], activeWithinDays: null, productIds: [] },
    },
  ];
  const made = await db
    .insert(fanProfiles)
    .values(profiles.map((profile) => ({ ...profile, accountId })))
    .returning({ id: fanProfiles.id, name: fanProfiles.name });
  const ambassadors = made.find((row) => row.name === 'Ambassadors')?.id;
  await db.execute(sql`
    insert into ${fanProfileMembers} (profile_id, fan_id)
    select ${ambassadors}, id from fans where account_id = ${accountId} and id % 500 = 0`);
}

/** The rows of an execute() answer, whichever driver (node-postgres and PGlite both say `rows`). */
function resultRows<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    // I/O edge: the driver's untyped rows, shaped by the query's own select list.
    return result.rows as Row[];
  }
  return [];
}

/**
 * `scale` shrinks the population (at least one fan an account): the API tests' database template
 * seeds 2 % of it (test/pglite-template.ts), because every test file loads that template and the
 * 50 000 fans with their activities and sessions made it 124 MB, about 2.5 s a file to load. The
 * demo itself (npm start, the build's template, the browser tests) always has all of them.
 */
export async function seedFansDemo(db: Db, accountIds: ReadonlyMap<string, number>, scale = 1): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [name, count] of Object.entries(DEMO_FANS)) {
    const accountId = accountIds.get(name);
    if (accountId === undefined) continue;
    await insertFans(db, accountId, Math.max(1, Math.round(count * scale)), passwordHash);
    await insertActivities(db, accountId);
    await insertPurchases(db, accountId);
    await tagsAndProfiles(db, accountId);
  }
}
