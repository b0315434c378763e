import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { sportMapPath } from '@regie/contract/sport-maps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/** A sport's field map: validation, the sports' tenancy, the demo pitch. */

let ctx: TestContext;
let producer: string;
let football: number;
let clubSport: number;
const rectangle = (left: number, top: number, right: number, bottom: number) => [
  [left, top],
  [right, top],
  [right, bottom],
  [left, bottom],
];
const map = (zones: Record<string, unknown>[]) => ({ lengthMeters: 40, widthMeters: 20, zones });
const zone = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  color: '#1565C0',
  points: rectangle(0, 0, 0.5, 1),
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await ctx.login('producer');
  const sports = (await ctx.request({ url: '/main-api/sports?limit=100', token: producer })).json();
  football = sports.data.find((sport: { name: string }) => sport.name === 'Football').id;
  const created = await ctx.request({
    method: 'POST',
    url: '/main-api/sports',
    token: producer,
    payload: { name: 'Futsal' },
  });
  expect(created.statusCode, created.body).toBe(201);
  clubSport = created.json().id;
});
afterAll(() => ctx.close());

const put = (id: number, body: unknown, token = producer) =>
  ctx.request({ method: 'PUT', url: sportMapPath(id), token, payload: body });

describe('GET/PUT sports/{id}/map', () => {
  it('serves the demo pitch with its zones and default drawing, read-only for a club on a platform sport', async () => {
    const answer = (await ctx.request({ url: sportMapPath(football), token: producer })).json();
    expect(answer.map.lengthMeters).toBe(105);
    expect(answer.map.zones.map((one: { name: string }) => one.name)).toContain('Left penalty area');
    expect(answer.defaultBackgroundUrl).toBe('/assets/fields/football.svg');
    expect(answer.canWrite).toBe(false);
    expect((await put(football, map([zone('Mine')]))).statusCode).toBe(403);
    const drawing = await ctx.request({ url: '/assets/fields/football.svg' });
    expect(drawing.statusCode).toBe(200);
    expect(drawing.headers['content-type']).toContain('image/svg+xml');
  });

  it("saves an account sport's map and reads it back", async () => {
    expect((await ctx.request({ url: sportMapPath(clubSport), token: producer })).json()).toMatchObject({
      map: null,
      canWrite: true,
      defaultBackgroundUrl: null,
    });
    const body = map([zone('Left'), zone('Right', { points: rectangle(0.5, 0, 1, 1), color: '#C62828' })]);
    const saved = await put(clubSport, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await ctx.request({ url: sportMapPath(clubSport), token: producer })).json();
    expect(read.map).toEqual({
      ...body,
      background: null,
      zones: body.zones.map((one) => ({ markerTypeId: null, ...one })),
    });
  });

  it('refuses bad maps with a message naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [map([zone('Out', { points: rectangle(0, 0, 1.2, 1) })]), 'zones.0.points.1.0', 'Coordinates go from 0 to 1'],
      [
        map([
          zone('Line', {
            points: [
              [0, 0],
              [1, 1],
            ],
          }),
        ]),
        'zones.0.points',
        'A zone needs at least 3 points',
      ],
      [map([zone('Box'), zone('box')]), 'zones.1.name', 'Another zone is already named box'],
      [map(Array.from({ length: 51 }, (_, index) => zone(`Zone ${index}`))), 'zones', 'A map has at most 50 zones'],
      [{ ...map([]), lengthMeters: 0 }, 'lengthMeters', 'Give a size in metres, above 0 and up to 1000'],
      [map([zone('Typed', { markerTypeId: 999_999 })]), 'zones.0.markerTypeId', 'No marker type 999999 for this sport'],
    ];
    for (const [body, path, message] of cases) {
      const response = await put(clubSport, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors).toContainEqual({ path, message });
    }
  });

  it("hides another account's sport and refuses a read-only user", async () => {
    const stranger = await ctx.buildUser({ roles: ['sport_player_write'] });
    const token = await ctx.login(stranger.username, stranger.password);
    expect((await ctx.request({ url: sportMapPath(clubSport), token })).statusCode).toBe(404);
    expect((await put(clubSport, map([]), token)).statusCode).toBe(404);
    const viewer = await ctx.login('viewer');
    expect((await put(clubSport, map([]), viewer)).statusCode).toBe(403);
  });

  it('lets a platform admin draw a platform sport, without account marker types', async () => {
    const built = await ctx.buildUser({ roles: ['manage_customer_accounts', 'sport_player_write'], accessLevel: 1 });
    const admin = await ctx.login(built.username, built.password);
    const saved = await put(football, map([zone('Whole pitch', { points: rectangle(0, 0, 1, 1) })]), admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().canWrite).toBe(true);
  });

  it('lets an admin acting for the club save its map; the AccountId the web app adds is ignored', async () => {
    const admin = await ctx.login('admin');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    await ctx.actFor(admin, club);
    const response = await ctx.request({
      method: 'PUT',
      url: sportMapPath(clubSport),
      token: admin,
      accountKey: club.accountKey,
      payload: { ...map([zone('Half')]), AccountId: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map.zones.map((one: { name: string }) => one.name)).toEqual(['Half']);
  });
});
