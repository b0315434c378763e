import { MAIN_API, USERS_API } from '@regie/contract/api';
import { EVENT_STATES } from '@regie/contract/resources/events';
import { MARKER_NOTIFICATION_GROUP_IDS } from '@regie/contract/resources/marker-types';
import { BILLING_PERIODS, CURRENCIES } from '@regie/contract/resources/payment-offers';
import { THEME_FONTS } from '@regie/contract/resources/themes';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { categories, subcategories } from '../src/db/categories.table.ts';
import { competitions } from '../src/db/competitions.table.ts';
import { paymentOffers, productPaymentOffers, products } from '../src/db/payments.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { RESOURCES } from '../src/resources/resources.registry.ts';
import { outputFields } from '../src/resources/resources.schemas.ts';
import type { ResourceEntry, Row } from '../src/resources/resources.types.ts';
import type { TestContext } from './helpers.ts';

/**
 * Records of other resources a sample points at (a competition's sport, a product's offer), made
 * on first use in the test's account by a user holding that resource's roles, one per (resource, n).
 */
export interface References {
  id(resource: string, n?: number): Promise<number>;
}

type Sample = (token: string, n: number, refs: References) => Row | Promise<Row>;

const iso = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month - 1, day, 12)).toISOString();

/**
 * Valid bodies for the generated resource tests. A resource without an entry here gets one built
 * from its zod fields (enough for plain text, numbers, enums and lists); add an entry when its
 * fields need more (a pattern, a password, values that differ between records, a reference).
 * `token` is unique to the test run and must appear in the first search field.
 */
export const SAMPLES: Readonly<Record<string, Sample>> = {
  tags: (token, n) => ({ name: `${token} tag ${n}`, tagType: n % 2 ? 'player' : 'team' }),
  sports: (token, n) => ({ name: `${token} sport ${n}`, svgSpriteFilename: n % 2 ? 'football.svg' : 'rugby.svg' }),
  accounts: (token, n) => ({ name: `${token} club ${n}`, modules: n % 2 ? ['VIDEOS', 'TAGS'] : ['CHAT'] }),
  users: (token, n) => ({
    username: `${token}.user${n}`,
    name: `${token} Person ${n}`,
    password: `long enough password ${n}`,
    accessLevel: 0,
  }),
  groups: (token, n) => ({ name: `${token} group ${n}`, roles: n % 2 ? ['video_write'] : ['sport_player_write'] }),
  'marker-types': (token, n) => ({
    name: `${token} marker ${n}`,
    code: `${token}-m${n}`,
    color: n % 2 ? '#112233' : '#AABBCC',
    notificationGroup: MARKER_NOTIFICATION_GROUP_IDS[n % MARKER_NOTIFICATION_GROUP_IDS.length],
    position: n,
  }),
  'clip-skins': (token, n) => ({
    name: `${token} skin ${n}`,
    overlayPosition: n % 2 ? 'top-left' : 'bottom-right',
    overlayOpacity: (n % 10) / 10,
    active: n % 2 === 1,
  }),
  themes: (token, n) => ({
    name: `${token} theme ${n}`,
    primaryColor: '#0ACAFF',
    secondaryColor: n % 2 ? '#000000' : '#FFFFFF',
    font: THEME_FONTS[n % THEME_FONTS.length],
    markerIconStyle: n % 2 ? 'outlined' : 'filled',
  }),
  competitions: async (token, n, refs) => ({
    name: `${token} league ${n}`,
    sportId: await refs.id('sports'),
    country: n % 2 ? 'GB' : 'FR',
  }),
  seasons: (token, n) => ({
    name: `${token} season ${n}`,
    startDate: iso(2000 + n, 8),
    endDate: iso(2001 + n, 5),
    current: n % 2 === 1,
  }),
  rounds: (token, n) => ({
    name: `${token} round ${n}`,
    number: n + 1,
    startDate: n % 2 ? iso(2026, 9, n % 28) : null,
  }),
  categories: (token, n) => ({
    name: `${token} category ${n}`,
    description: `About ${n}`,
    position: n,
    // The first record is published: readers who may not write the FAQ see published entries only.
    published: n % 2 === 0,
  }),
  subcategories: async (token, n, refs) => ({
    name: `${token} subcategory ${n}`,
    categoryId: await refs.id('categories'),
    position: n,
    // The first record is published: readers who may not write the FAQ see published entries only.
    published: n % 2 === 0,
  }),
  playlists: (token, n) => ({ name: `${token} playlist ${n}`, description: `Videos ${n}`, published: n % 2 === 1 }),
  'payment-offers': (token, n) => ({
    name: `${token} offer ${n}`,
    price: 100 * n,
    currency: CURRENCIES[n % CURRENCIES.length],
    billingPeriod: BILLING_PERIODS[n % BILLING_PERIODS.length],
    active: n % 2 === 0,
  }),
  products: (token, n) => ({ name: `${token} product ${n}`, description: `Unlocks ${n}`, active: n % 2 === 0 }),
  paymentOffers: async (_token, n, refs) => ({
    paymentOfferId: await refs.id('payment-offers', n),
    position: n,
    highlighted: n % 2 === 1,
  }),
  challengers: async (token, n, refs) => ({
    name: `${token} challenger ${n}`,
    shortName: `C${n}`,
    type: n % 2 ? 'player' : 'team',
    sportId: await refs.id('sports'),
    jerseyNumber: n,
    nationality: n % 2 ? 'GB' : 'FR',
  }),
  speakers: (token, n) => ({
    name: `${token} speaker ${n}`,
    title: 'Head of Product',
    company: n % 2 ? 'Helix Labs' : 'Nordlight Media',
    bio: `Speaker ${n}`,
    email: `${token}.speaker${n}@example.com`,
  }),
  'business-players': (token, n) => ({
    name: `${token} conference ${n}`,
    description: `Talk ${n}`,
    startsAt: iso(2026, 1 + (n % 12), 1 + (n % 28)),
    endsAt: n % 2 ? iso(2027, 1) : null,
    venue: `Room ${n}`,
    state: n % 2 ? 'upcoming' : 'replay',
    published: n % 2 === 0,
  }),
  quizzes: (token, n) => ({
    name: `${token} quiz ${n}`,
    description: `Quiz ${n}`,
    startsAt: iso(2026, 1 + (n % 12), 1 + (n % 28)),
    endsAt: iso(2027, 1 + (n % 12)),
    published: n % 2 === 0,
  }),
  questions: (token, n) => ({
    text: `${token} question ${n}?`,
    timerSeconds: 10 + n,
    points: 100 * (n + 1),
    position: n,
  }),
  answers: (token, n) => ({ text: `${token} answer ${n}`, correct: n % 2 === 0, position: n % 6 }),
  faq: (token, n) => ({
    question: `${token} question ${n}?`,
    answer: `Answer ${n}.`,
    position: n,
    // The first record is published: readers who may not write the FAQ see published entries only.
    published: n % 2 === 0,
  }),
  'clip-templates': async (token, n, refs) => ({
    name: `${token} template ${n}`,
    clipSkinId: n % 2 ? await refs.id('clip-skins') : null,
    secondsBefore: n % 120,
    secondsAfter: (n * 2) % 120,
    // One default per account: the generated checks compare records as they were sent.
    isDefault: false,
  }),
  'clip-rules': async (token, n, refs) => ({
    name: `${token} rule ${n}`,
    markerTypeId: await refs.id('marker-types', n % 2),
    markerSource: (['any', 'feed', 'hand'] as const)[n % 3],
    beforeSeconds: n,
    // Together more than 0 seconds (CLIP_RULE_SECONDS_RULE).
    afterSeconds: n + 1,
    clipTemplateId: n % 2 ? await refs.id('clip-templates') : null,
    clipSkinId: n % 2 ? await refs.id('clip-skins') : null,
    publish: n % 2 === 0,
    active: n % 2 === 1,
  }),
  events: async (token, n, refs) => ({
    name: `${token} event ${n}`,
    state: EVENT_STATES[n % EVENT_STATES.length],
    // Every event starts somewhere: the list sorts by it.
    startsAt: iso(2026, 9, 1 + (n % 28)),
    venue: n % 2 ? `Stadium ${n}` : '',
    sportId: n % 2 ? await refs.id('sports') : null,
    activatedModules: n % 2 ? ['CHAT'] : [],
  }),
  markers: async (token, n, refs) => ({
    label: `${token} marker ${n}`,
    markerTypeId: await refs.id('marker-types', n % 2),
    timeSeconds: n * 10.5,
    durationSeconds: n % 2 ? 3 : null,
  }),
  videos: async (token, n, refs) => ({
    title: `${token} video ${n}`,
    description: `Highlights ${n}`,
    published: n % 2 === 0,
    sportId: n % 2 ? await refs.id('sports') : null,
  }),
};

/** A value the schema accepts, built from its kind and length limits. */
function sampleValue(schema: z.core.$ZodType, text: string, n: number): unknown {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return sampleValue(schema.unwrap(), text, n);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return sampleValue(schema.unwrap(), text, n);
  }
  if (schema instanceof z.ZodEnum) return schema.options[n % schema.options.length];
  if (schema instanceof z.ZodBoolean) return n % 2 === 0;
  if (schema instanceof z.ZodNumber) return Math.max(schema.minValue ?? 0, 0) + n;
  if (schema instanceof z.ZodArray) return [];
  if (schema instanceof z.ZodObject) {
    const values: Row = {};
    for (const [key, field] of Object.entries(schema.shape)) values[key] = sampleValue(field, `${text} ${key}`, n);
    return values;
  }
  if (schema instanceof z.ZodString) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 200;
    return text.padEnd(min, 'x').slice(0, max);
  }
  throw new Error(`no sample for a ${schema._zod.def.type}: add the resource to SAMPLES`);
}

export async function samplePayload(entry: ResourceEntry, token: string, n: number, refs: References): Promise<Row> {
  const sample = SAMPLES[entry.definition.name];
  if (sample) return sample(token, n, refs);
  const payload: Row = {};
  for (const [field, schema] of Object.entries(entry.definition.fields.shape)) {
    if (entry.definition.ui[field]?.readOnly) continue;
    const first = entry.definition.search[0] === field;
    payload[field] = sampleValue(schema, first ? `${token} ${n}` : `${field} ${n}`, n);
  }
  return payload;
}

type OwnedTable = typeof sports | typeof paymentOffers | typeof categories;

async function accountOf(ctx: TestContext, table: OwnedTable, id: number): Promise<number> {
  const [row] = await ctx.db.select({ accountId: table.accountId }).from(table).where(eq(table.id, id));
  if (!row?.accountId) throw new Error(`no account for record ${id}`);
  return row.accountId;
}

/** Resources whose records something else can point at, and how to make such a pointer. */
export const REFERENCES: Readonly<Record<string, (ctx: TestContext, id: number) => Promise<unknown>>> = {
  accounts: (ctx, id) => ctx.buildUser({ accountId: id }),
  // A sport a competition is played in.
  sports: async (ctx, id) =>
    ctx.db
      .insert(competitions)
      .values({ name: `League of sport ${id}`, sportId: id, accountId: await accountOf(ctx, sports, id) }),
  // An offer a product is sold through.
  'payment-offers': async (ctx, id) => {
    const accountId = await accountOf(ctx, paymentOffers, id);
    const [product] = await ctx.db
      .insert(products)
      .values({ name: `Sold through ${id}`, accountId })
      .returning();
    await ctx.db.insert(productPaymentOffers).values({ productId: product?.id ?? 0, paymentOfferId: id, accountId });
  },
  // A category with a subcategory.
  categories: async (ctx, id) =>
    ctx.db
      .insert(subcategories)
      .values({ name: `Inside ${id}`, categoryId: id, accountId: await accountOf(ctx, categories, id) }),
};

/** `/main-api/tags`; a nested resource's under its parent: `/main-api/competitions/7/seasons`. */
export function basePath(entry: ResourceEntry, parentId: number | string = ':parentId'): string {
  const { gateway, name, parent } = entry.definition;
  const prefix = gateway === 'users' ? USERS_API : MAIN_API;
  return parent ? `${prefix}/${parent.resource}/${parentId}/${name}` : `${prefix}/${name}`;
}

export function entryNamed(name: string): ResourceEntry {
  const entry = RESOURCES.find((candidate) => candidate.definition.name === name);
  if (!entry) throw new Error(`no resource ${name}`);
  return entry;
}

/**
 * The references of one test account: `id(resource, n)` posts the resource's own sample (under
 * its own parent for a nested one) as a user of the account holding the resource's roles.
 */
export function createReferences(ctx: TestContext, accountId: number, token: string): References {
  const made = new Map<string, Promise<number>>();
  const writers = new Map<string, Promise<string>>();
  const writer = (entry: ResourceEntry) => {
    const { name } = entry.definition;
    if (!writers.has(name)) {
      writers.set(
        name,
        ctx.buildUser({ accountId, ...grantsFor(entry) }).then((user) => ctx.login(user.username, user.password)),
      );
    }
    return writers.get(name) as Promise<string>;
  };
  const refs: References = {
    id(resource, n = 0) {
      const key = `${resource}:${n}`;
      if (!made.has(key)) {
        const entry = entryNamed(resource);
        const create = async () => {
          const parent = entry.definition.parent;
          const base = basePath(entry, parent ? await refs.id(parent.resource) : undefined);
          const response = await ctx.request({
            method: 'POST',
            url: base,
            token: await writer(entry),
            payload: await samplePayload(entry, `${token}r${n}`, n, refs),
          });
          if (response.statusCode !== 201) throw new Error(`reference ${key}: ${response.statusCode} ${response.body}`);
          return Number(response.json().id);
        };
        made.set(key, create());
      }
      return made.get(key) as Promise<number>;
    },
  };
  return refs;
}

/** The roles and level that satisfy the resource's read and write rules. */
export function grantsFor(entry: ResourceEntry): { roles: Role[]; accessLevel: number } {
  const { read, write } = entry.definition.access;
  const roles = [write.authorizedRoles?.[0], read.authorizedRoles?.[0]].filter((role): role is Role => Boolean(role));
  return { roles: [...new Set(roles)], accessLevel: Math.max(read.accessLevel ?? 0, write.accessLevel ?? 0) };
}

/** What the API answers for a sent value: the field's schema applied (trimmed, lowercased, defaults). */
function expectedValue(entry: ResourceEntry, field: string, value: unknown): unknown {
  const schema = entry.definition.fields.shape[field];
  if (!schema) return value;
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : value;
}

export function expectFields(entry: ResourceEntry, record: Row, payload: Row): void {
  for (const field of outputFields(entry.definition)) {
    if (field in payload) expect(record[field], field).toEqual(expectedValue(entry, field, payload[field]));
  }
}
