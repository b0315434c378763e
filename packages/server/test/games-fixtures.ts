import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { challengerAppearances, challengers } from '../src/db/actors.table.ts';
import { events } from '../src/db/events.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { blockThroughCrm, signUpConfirmed } from './fan-auth-fixtures.ts';
import type { TestContext } from './helpers.ts';

/** Two clubs with the games' modules, their staff, an event with challengers, and fans. */

export interface Club {
  id: number;
  accountKey: string;
  challengerIds: number[];
  /** A sport's challenger that is not on the event. */
  strangerId: number;
}

export type Staff = Record<'predictor' | 'motm' | 'readOnly' | 'eventWriter' | 'rival', string>;

let address = 0;
/** Each fan call from its own address (the fan API is rate-limited per address). */
export const nextAddress = () => {
  address += 1;
  return `10.7.${Math.floor(address / 250)}.${address % 250}`;
};

export async function buildClub(ctx: TestContext): Promise<Club> {
  const account = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'ADDON_PREDICTOR', 'ADDON_MOTM'] });
  const [sport] = await ctx.db.insert(sports).values({ name: 'Football', accountId: account.id }).returning();
  if (!sport) throw new Error('sport not inserted');
  const made = await ctx.db
    .insert(challengers)
    .values(
      ['Lions', 'Tigers', 'Star Striker', 'Bench Warmer'].map((name) => ({
        name,
        sportId: sport.id,
        accountId: account.id,
      })),
    )
    .returning({ id: challengers.id });
  const ids = made.map((row) => row.id);
  return { id: account.id, accountKey: account.accountKey, challengerIds: ids.slice(0, 3), strangerId: ids[3] ?? 0 };
}

export async function buildStaff(ctx: TestContext, club: Club, rival: Club): Promise<Staff> {
  const users: Record<keyof Staff, { accountId: number; roles: Role[] }> = {
    predictor: { accountId: club.id, roles: ['predictor_write'] },
    motm: { accountId: club.id, roles: ['motm_write'] },
    readOnly: { accountId: club.id, roles: ['predictor_write', 'motm_write', 'read_only'] },
    eventWriter: { accountId: club.id, roles: ['sport_player_write'] },
    rival: { accountId: rival.id, roles: ['predictor_write', 'motm_write'] },
  };
  const tokens: Partial<Staff> = {};
  for (const [name, grants] of Object.entries(users)) {
    const user = await ctx.buildUser(grants);
    tokens[name as keyof Staff] = await ctx.login(user.username, user.password);
  }
  return tokens as Staff;
}

/** A match of the club: home and away the first two challengers, the third listed on it. */
export async function insertMatch(
  ctx: TestContext,
  club: Club,
  values: Partial<typeof events.$inferInsert> = {},
): Promise<number> {
  const [home, away, listed] = club.challengerIds;
  const [event] = await ctx.db
    .insert(events)
    .values({
      name: 'Derby',
      accountId: club.id,
      startsAt: new Date(Date.now() + 3600_000),
      endsAt: new Date(Date.now() + 2 * 3600_000),
      homeChallengerId: home ?? null,
      awayChallengerId: away ?? null,
      activatedModules: ['ADDON_PREDICTOR', 'ADDON_MOTM'],
      // Fans see the games of published events only.
      published: true,
      ...values,
    })
    .returning({ id: events.id });
  if (!event) throw new Error('event not inserted');
  if (listed) await ctx.db.insert(challengerAppearances).values({ eventId: event.id, challengerId: listed });
  return event.id;
}

/** Moves the match: `startsMinutes` from now (negative: in the past), ending 2 hours later. */
export async function moveMatch(ctx: TestContext, eventId: number, startsMinutes: number): Promise<void> {
  const startsAt = new Date(Date.now() + startsMinutes * 60_000);
  await ctx.db
    .update(events)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3600_000) })
    .where(eq(events.id, eventId));
}

let emails = 0;
export interface Fan {
  token: string;
  id: number;
}

export async function signUpFan(ctx: TestContext, club: Club): Promise<Fan> {
  emails += 1;
  const body = { email: `player${emails}@example.com`, password: 'goal-goal-goal', nickname: `player${emails}` };
  const session = await signUpConfirmed(ctx, club.accountKey, body, nextAddress());
  return { token: session.token, id: session.fan.id };
}

/** Blocks the fan through the CRM (their cached sessions dropped at once, as in production). */
export async function blockFan(ctx: TestContext, fan: Fan): Promise<void> {
  await blockThroughCrm(ctx, fan.id);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A staff call. */
export function staffCall(ctx: TestContext, token: string, method: Method, url: string, payload?: unknown) {
  return ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
}

/** A fan call, from a fresh address. */
export function fanCall(
  ctx: TestContext,
  fan: Fan,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<InjectResponse> {
  return ctx.request({
    method,
    url,
    token: fan.token,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The CSV body without its byte order mark, as lines. */
export function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
}
