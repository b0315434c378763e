import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../src/db/translations.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** Deleting a record deletes its translations, and those of the records deleted with it. */

let ctx: TestContext;
let producer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  producer = await ctx.login('producer');
});
afterAll(() => ctx.close());

async function created(url: string, payload: unknown): Promise<number> {
  const response = await ctx.request({ method: 'POST', url, token: producer, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function translate(url: string, name: string): Promise<void> {
  const response = await ctx.request({
    method: 'POST',
    url: `${url}/translations`,
    token: producer,
    payload: { LanguageId: 2, values: { name } },
  });
  expect(response.statusCode, response.body).toBe(201);
}

function stored(resource: string, ids: number[]) {
  return ctx.db
    .select({ recordId: translations.recordId })
    .from(translations)
    .where(and(eq(translations.resource, resource), inArray(translations.recordId, ids)));
}

describe('translations of deleted records', () => {
  it("go with a competition, its seasons and their rounds included, and leave other records' alone", async () => {
    const sports = (await ctx.request({ url: '/main-api/sports?search=Football', token: producer })).json();
    const sportId = sports.data[0].id;
    const kept = await created('/main-api/competitions', { name: 'Kept cup', sportId });
    const doomed = await created('/main-api/competitions', { name: 'Doomed cup', sportId });
    const season = await created(`/main-api/competitions/${doomed}/seasons`, {
      name: '2031',
      startDate: '2031-08-01T00:00:00.000Z',
      endDate: '2032-05-01T00:00:00.000Z',
    });
    const keptSeason = await created(`/main-api/competitions/${kept}/seasons`, {
      name: '2031',
      startDate: '2031-08-01T00:00:00.000Z',
      endDate: '2032-05-01T00:00:00.000Z',
    });
    const rounds = [
      await created(`/main-api/seasons/${season}/rounds`, { name: 'Matchday 1', number: 1 }),
      await created(`/main-api/seasons/${season}/rounds`, { name: 'Matchday 2', number: 2 }),
    ];
    const keptRound = await created(`/main-api/seasons/${keptSeason}/rounds`, { name: 'Matchday 1', number: 1 });
    await translate(`/main-api/competitions/${doomed}`, 'Coupe condamnée');
    await translate(`/main-api/competitions/${kept}`, 'Coupe gardée');
    // Seasons are translatable too (their French name), under their competition's path.
    await translate(`/main-api/competitions/${doomed}/seasons/${season}`, 'Saison condamnée');
    await translate(`/main-api/competitions/${kept}/seasons/${keptSeason}`, 'Saison gardée');
    for (const round of rounds) await translate(`/main-api/seasons/${season}/rounds/${round}`, 'Journée');
    await translate(`/main-api/seasons/${keptSeason}/rounds/${keptRound}`, 'Journée');
    expect(await stored('rounds', [...rounds, keptRound])).toHaveLength(3);

    const deleted = await ctx.request({ method: 'DELETE', url: `/main-api/competitions/${doomed}`, token: producer });
    expect(deleted.statusCode).toBe(204);

    expect(await stored('competitions', [doomed])).toEqual([]);
    expect(await stored('rounds', rounds)).toEqual([]);
    expect(await stored('seasons', [season])).toEqual([]);
    expect(await stored('seasons', [keptSeason])).toEqual([{ recordId: keptSeason }]);
    expect(await stored('competitions', [kept])).toEqual([{ recordId: kept }]);
    expect(await stored('rounds', [keptRound])).toEqual([{ recordId: keptRound }]);
    const french = (
      await ctx.request({ url: `/main-api/seasons/${keptSeason}/rounds/${keptRound}/translations`, token: producer })
    ).json();
    expect(french[0].values).toEqual({ name: 'Journée' });
  });

  it('go with a round deleted on its own', async () => {
    const sports = (await ctx.request({ url: '/main-api/sports?search=Football', token: producer })).json();
    const competition = await created('/main-api/competitions', { name: 'Single cup', sportId: sports.data[0].id });
    const season = await created(`/main-api/competitions/${competition}/seasons`, {
      name: '2033',
      startDate: '2033-08-01T00:00:00.000Z',
      endDate: '2034-05-01T00:00:00.000Z',
    });
    const round = await created(`/main-api/seasons/${season}/rounds`, { name: 'Final', number: 1 });
    await translate(`/main-api/seasons/${season}/rounds/${round}`, 'Finale');
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/main-api/seasons/${season}/rounds/${round}`,
      token: producer,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await stored('rounds', [round])).toEqual([]);
  });
});
