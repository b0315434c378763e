import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import {
  DATA_IMPORT_MAX_BYTES,
  DATA_IMPORT_MESSAGES,
  dataImportPaths,
  type ImportPreview,
} from '@regie/contract/data-import';
import type { ImportReport } from '@regie/contract/feeds';
import { jobPaths } from '@regie/contract/jobs';
import { markerPaths } from '@regie/contract/markers';
import { renderMessage } from '@regie/contract/messages.render';
import type { Role } from '@regie/contract/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { dataImportJob } from '../src/data-import/data-import.job.ts';
import { challengers } from '../src/db/actors.table.ts';
import { competitions, rounds, seasons } from '../src/db/competitions.table.ts';
import { events } from '../src/db/events.table.ts';
import { providerRefs, seasonFixtures } from '../src/db/feeds.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { eventFeeds } from '../src/db/match-events.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { createJobRegistry } from '../src/jobs/jobs.define.ts';
import { startWorkers, type Workers } from '../src/jobs/jobs.worker.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import { jobRow, waitFor, waitForState } from './jobs-fixtures.ts';

/**
 * POST data-providers-service-api/import on a hand-made openfootball season (12 fixtures, 4
 * teams, 6 matchdays): the preview writes nothing, the job writes the season once, a second import
 * changes nothing, an updated document updates in place; bad documents, tenancy and roles.
 * `allowing` lets imports reach this test's web server on 127.0.0.1 (REGIE_IMPORT_ALLOW_HOSTS);
 * `strict` does not.
 */
let allowing: TestContext;
let strict: TestContext;
let dir: string;
let storageFolder: string;
let server: Server;
let base: string;
let season: Record<string, unknown>;
let seasonText: string;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
let football: number;
const tokens = new Map<string, string>();
const running: Workers[] = [];
const token = (name: string) => tokens.get(name) ?? '';

async function user(ctx: TestContext, name: string, account: BuiltAccount, roles: Role[]): Promise<void> {
  const built = await ctx.buildUser({ accountId: account.id, roles });
  tokens.set(name, await ctx.login(built.username, built.password));
}

beforeAll(async () => {
  seasonText = await readFile(join(import.meta.dirname, 'fixtures/data-import/football.json'), 'utf8');
  season = JSON.parse(seasonText);
  dir = await mkdtemp(join(tmpdir(), 'regie-import-'));
  storageFolder = join(dir, 'storage');
  const videos = loadConfig({}).videos;
  allowing = await createTestContext({
    config: {
      dataDir: dir,
      storage: { driver: 'local', folder: storageFolder },
      videos: { ...videos, importAllowHosts: ['127.0.0.1'] },
    },
    dependencies: { storage: localStorage(storageFolder, '/images') },
  });
  strict = await createTestContext();
  accountA = await allowing.buildAccount({ modules: ['SPORT_EVENTS', 'IMPORTDATA'] });
  accountB = await allowing.buildAccount({ modules: ['SPORT_EVENTS', 'IMPORTDATA'] });
  const noModule = await allowing.buildAccount({ modules: ['SPORT_EVENTS'] });
  await user(allowing, 'importer', accountA, ['sport_player_write']);
  await user(allowing, 'importerB', accountB, ['sport_player_write']);
  await user(allowing, 'videoWriter', accountA, ['video_write']);
  await user(allowing, 'noModule', noModule, ['sport_player_write']);
  const strictAccount = await strict.buildAccount({ modules: ['SPORT_EVENTS', 'IMPORTDATA'] });
  await user(strict, 'strict', strictAccount, ['sport_player_write']);
  const [sport] = await allowing.db.select().from(sports).where(eq(sports.name, 'Football'));
  football = sport?.id ?? 0;
  server = createServer((request, response) => {
    if (request.url === '/season.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(seasonText);
    } else {
      response.writeHead(404).end('no such file');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The first file of a run after a schema change makes the database template (seeded demo data).
}, 300_000);
afterEach(async () => {
  await Promise.all(running.splice(0).map((workers) => workers.stop({ graceMs: 0 })));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await allowing?.close();
  await strict?.close();
  await rm(dir, { recursive: true, force: true });
});

type Body = Record<string, unknown>;

function importCall(body: Body, as = 'importer', headers: Record<string, string> = {}) {
  return allowing.request({ method: 'POST', url: dataImportPaths.import, token: token(as), payload: body, headers });
}

async function preview(body: Body, as = 'importer'): Promise<ImportPreview> {
  const response = await importCall({ ...body, dryRun: true }, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

/** Starts the import, runs the workers until its job is done, answers the job's report. */
async function runImport(body: Body, as = 'importer'): Promise<ImportReport> {
  const response = await importCall(body, as);
  expect(response.statusCode, response.body).toBe(202);
  const { jobId } = response.json<{ jobId: number }>();
  running.push(
    startWorkers(allowing.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: dir,
      storage: localStorage(storageFolder, '/images'),
      hub: allowing.app.realtime,
    }),
  );
  const done = await waitForState(allowing.db, jobId, ['done', 'failed'], 30_000);
  expect(done.lastError).toBeNull();
  const job = await allowing.request({ url: jobPaths.job(jobId), token: token(as) });
  expect(job.statusCode).toBe(200);
  expect(job.json()).toMatchObject({ state: 'done', progress: 100 });
  return job.json<{ result: ImportReport }>().result;
}

/** What the import writes, for one account: to check that a refused call wrote nothing. */
async function written(accountId: number) {
  const count = async (table: typeof competitions | typeof seasonFixtures | typeof providerRefs | typeof jobs) => {
    const [row] = await allowing.db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.accountId, accountId));
    return row?.count ?? 0;
  };
  const [teams] = await allowing.db
    .select({ count: sql<number>`count(*)::int` })
    .from(challengers)
    .where(eq(challengers.accountId, accountId));
  return {
    competitions: await count(competitions),
    fixtures: await count(seasonFixtures),
    refs: await count(providerRefs),
    jobs: await count(jobs),
    challengers: teams?.count ?? 0,
  };
}

const openfootball = (document: unknown = season) => ({ provider: 'openfootball', document });

describe('GET data-providers-service-api/providers', () => {
  it('lists the three providers with what their documents hold', async () => {
    const response = await allowing.request({ url: dataImportPaths.providers, token: token('importer') });
    expect(response.statusCode).toBe(200);
    const providers = response.json<{ provider: string; gives: { fixtures: boolean } }[]>();
    expect(providers.map((provider) => provider.provider)).toEqual(['openfootball', 'statsbomb', 'csv']);
    expect(providers[0]?.gives.fixtures).toBe(true);
  });
});

describe('POST data-providers-service-api/import', () => {
  it('previews a season without writing anything: counts, names matched or unknown, each fixture created', async () => {
    // An existing team spelt without its accent and in other capitals: matched by name.
    const [etoile] = await allowing.db
      .insert(challengers)
      .values({ name: "ville-d'avray etoile", type: 'team', sportId: football, accountId: accountA.id })
      .returning();
    const before = await written(accountA.id);
    const answer = await preview(openfootball());
    expect(answer.counts).toMatchObject({ fixtures: 12, teams: 4 });
    expect(answer.counts.matchEvents).toBeGreaterThan(0);
    const team = (name: string) => answer.names.find((entry) => entry.kind === 'challenger' && entry.name === name);
    expect(team("Ville-d'Avray Étoile")?.match).toEqual({ id: etoile?.id, name: "ville-d'avray etoile", by: 'name' });
    expect(team('Harbour Town')?.match).toBeNull();
    expect(answer.names.filter((entry) => entry.kind === 'round')).toHaveLength(6);
    expect(answer.names.find((entry) => entry.kind === 'competition')?.match).toBeNull();
    expect(answer.fixtures).toHaveLength(12);
    expect(answer.fixtures.every((fixture) => fixture.action === 'create')).toBe(true);
    expect(answer.fixtures[0]).toMatchObject({
      round: 'Matchday 1',
      home: 'Olympique Riverside FC',
      away: 'Harbour Town',
    });
    expect(await written(accountA.id)).toEqual(before);
  });

  it('imports the season in a job; importing it again changes nothing; an updated document updates in place', async () => {
    const first = await runImport(openfootball());
    expect(first.created).toMatchObject({ competition: 1, season: 1, round: 6, challenger: 3, fixture: 12 });
    // The team matched by its name is linked, not renamed.
    expect(first.unchanged).toMatchObject({ challenger: 1 });
    expect(first.refused).toEqual([]);
    const [competition] = await allowing.db.select().from(competitions).where(eq(competitions.accountId, accountA.id));
    const [importedSeason] = await allowing.db.select().from(seasons).where(eq(seasons.accountId, accountA.id));
    expect(importedSeason?.competitionId).toBe(competition?.id);
    const seasonRounds = await allowing.db
      .select()
      .from(rounds)
      .where(eq(rounds.seasonId, importedSeason?.id ?? 0));
    expect(seasonRounds.map((round) => [round.number, round.name]).sort(([a], [b]) => Number(a) - Number(b))).toEqual(
      [1, 2, 3, 4, 5, 6].map((number) => [number, `Matchday ${number}`]),
    );
    const fixturesBefore = await allowing.db
      .select()
      .from(seasonFixtures)
      .where(eq(seasonFixtures.accountId, accountA.id))
      .orderBy(seasonFixtures.startsAt, seasonFixtures.id);
    expect(fixturesBefore).toHaveLength(12);
    expect(fixturesBefore[0]?.startsAt.toISOString()).toBe('2025-08-16T15:00:00.000Z');
    expect(fixturesBefore[0]?.score).toMatchObject({ ft: [2, 1] });

    const again = await runImport(openfootball());
    expect(again.created).toEqual({});
    expect(again.updated).toEqual({});
    expect(again.unchanged).toMatchObject({ competition: 1, season: 1, round: 6, challenger: 4, fixture: 12 });
    const writtenAfterAgain = await written(accountA.id);

    // A fixture of matchday 4 has an event (as the generator makes): it follows its fixture.
    const moved = fixturesBefore.find((fixture) => fixture.startsAt.toISOString() === '2025-09-13T15:00:00.000Z');
    expect(moved).toBeDefined();
    const [event] = await allowing.db
      .insert(events)
      .values({ name: 'Matchday 4', startsAt: moved?.startsAt ?? new Date(), accountId: accountA.id })
      .returning();
    await allowing.db
      .update(seasonFixtures)
      .set({ eventId: event?.id ?? null })
      .where(eq(seasonFixtures.id, moved?.id ?? 0));
    const updated = structuredClone(season) as { matches: Record<string, unknown>[] };
    const match = updated.matches.find((entry) => entry.date === '2025-09-13' && entry.time === '15:00');
    if (!match) throw new Error('no matchday 4 fixture');
    match.time = '18:45';
    match.score = { ht: [0, 1], ft: [1, 1] };
    const third = await runImport(openfootball(updated));
    expect(third.created).toEqual({});
    // Its round starts at its earliest kick-off, which moved too: updated in place.
    expect(third.updated).toEqual({ fixture: 1, event: 1, round: 1 });
    expect(third.unchanged).toMatchObject({ fixture: 11 });
    const fixturesAfter = await allowing.db
      .select()
      .from(seasonFixtures)
      .where(eq(seasonFixtures.accountId, accountA.id))
      .orderBy(seasonFixtures.id);
    expect(fixturesAfter.map((fixture) => fixture.id).sort()).toEqual(
      fixturesBefore.map((fixture) => fixture.id).sort(),
    );
    const after = fixturesAfter.find((fixture) => fixture.id === moved?.id);
    expect(after?.startsAt.toISOString()).toBe('2025-09-13T18:45:00.000Z');
    expect(after?.score).toMatchObject({ ft: [1, 1] });
    const [movedEvent] = await allowing.db
      .select()
      .from(events)
      .where(eq(events.id, event?.id ?? 0));
    expect(movedEvent?.startsAt.toISOString()).toBe('2025-09-13T18:45:00.000Z');
    expect(await written(accountA.id)).toEqual({ ...writtenAfterAgain, jobs: writtenAfterAgain.jobs + 1 });

    // The preview of the same updated document now says unchanged everywhere, matched by provider ids.
    const known = await preview(openfootball(updated));
    expect(known.fixtures.every((fixture) => fixture.action === 'unchanged')).toBe(true);
    expect(known.names.every((name) => name.match?.by === 'provider')).toBe(true);
  });

  it('maps an unknown name to an existing record when the user says so, and refuses a record of another account', async () => {
    const [own] = await allowing.db
      .insert(competitions)
      .values({ name: 'Our league', sportId: football, accountId: accountB.id })
      .returning();
    const [foreign] = await allowing.db
      .insert(competitions)
      .values({ name: 'Their league', sportId: football, accountId: accountA.id })
      .returning();
    const names = (await preview(openfootball(), 'importerB')).names;
    const competitionRef = names.find((name) => name.kind === 'competition')?.ref ?? '';
    const decided = await preview(
      { ...openfootball(), decisions: [{ kind: 'competition', ref: competitionRef, recordId: own?.id }] },
      'importerB',
    );
    expect(decided.names.find((name) => name.kind === 'competition')?.match).toEqual({
      id: own?.id,
      name: 'Our league',
      by: 'decision',
    });
    const report = await runImport(
      { ...openfootball(), decisions: [{ kind: 'competition', ref: competitionRef, recordId: own?.id }] },
      'importerB',
    );
    expect(report.created.competition).toBeUndefined();
    expect(report.created.season).toBe(1);
    const [madeSeason] = await allowing.db.select().from(seasons).where(eq(seasons.accountId, accountB.id));
    expect(madeSeason?.competitionId).toBe(own?.id);

    const refused = await importCall(
      {
        ...openfootball(),
        dryRun: true,
        decisions: [{ kind: 'competition', ref: competitionRef, recordId: foreign?.id }],
      },
      'importerB',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      renderMessage(DATA_IMPORT_MESSAGES.decisionNotFound('competition', foreign?.id ?? 0)),
    );
  });

  it("puts a match's events on the event given (eventId) as markers, once", async () => {
    const match = await readFile(join(import.meta.dirname, 'fixtures/feeds/match.statsbomb.json'), 'utf8');
    const [event] = await allowing.db
      .insert(events)
      .values({
        name: 'Riverside v Harbour',
        accountId: accountA.id,
        sportId: football,
        periods: [
          { period: 1, startsAt: 60 },
          { period: 2, startsAt: 3_600 },
        ],
      })
      .returning();
    const eventId = event?.id ?? 0;
    const shown = await preview({ provider: 'statsbomb', document: match, eventId });
    expect(shown.counts.matchEvents).toBeGreaterThan(0);
    const first = await runImport({ provider: 'statsbomb', document: match, eventId });
    // The match went to match-events/ (applyMatchDocument): its document is kept with the event,
    // and each match event is counted (a marker made, or left unmapped by the parser mapping).
    const [kept] = await allowing.db.select().from(eventFeeds).where(eq(eventFeeds.eventId, eventId));
    expect(kept?.provider).toBe('statsbomb');
    const counted = (report: ImportReport) =>
      ['created', 'updated', 'unchanged'].reduce(
        (sum, outcome) =>
          sum +
          Object.entries(report[outcome as 'created'])
            .filter(([kind]) => kind === 'marker' || kind === 'unmapped')
            .reduce((total, [, count]) => total + count, 0),
        report.refused.filter((row) => row.kind === 'marker').length,
      );
    expect(counted(first)).toBe(shown.counts.matchEvents);
    const markers = await allowing.request({ url: markerPaths.markers(eventId), token: token('importer') });
    expect(markers.statusCode).toBe(200);
    const listed = markers.json<{ data?: unknown[] } | unknown[]>();
    expect(Array.isArray(listed) ? listed.length : (listed.data?.length ?? 0)).toBe(first.created.marker ?? 0);
    const again = await runImport({ provider: 'statsbomb', document: match, eventId });
    expect(again.created).toEqual({});
    expect(counted(again)).toBe(shown.counts.matchEvents);
    // Without an event, one match's events have nowhere to go.
    const nowhere = await importCall({ provider: 'statsbomb', document: match, dryRun: true });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe(renderMessage(DATA_IMPORT_MESSAGES.matchEventsNeedEvent));
  });

  it('reads a multipart file with its options as fields', async () => {
    const boundary = '----regie-import-test';
    const part = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(part('provider', 'openfootball') + part('dryRun', 'true')),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="football.json"\r\ncontent-type: application/json\r\n\r\n`,
      ),
      Buffer.from(seasonText),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await allowing.request({
      method: 'POST',
      url: dataImportPaths.import,
      token: token('importer'),
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportPreview>().counts.fixtures).toBe(12);
  });

  it('fetches a URL of an allowed host, and refuses a private address without the allow-list', async () => {
    const fetched = await preview(openfootball());
    expect(fetched.counts.fixtures).toBe(12);
    const refused = await strict.request({
      method: 'POST',
      url: dataImportPaths.import,
      token: token('strict'),
      payload: { provider: 'openfootball', url: `${base}/season.json`, dryRun: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors?.[0]?.path).toBe('url');
    expect(refused.json().message).toContain('127.0.0.1');
  });
});

describe('refused documents write nothing', () => {
  const refusals: [string, () => Body | Promise<Body>, number, string?][] = [
    ['a document of another format', () => openfootball({ events: [{ type: 'Pass' }] }), 400],
    ['truncated JSON', () => openfootball(seasonText.slice(0, seasonText.length / 2)), 400],
    ['a URL that does not answer', () => ({ provider: 'openfootball', url: `${base}/missing.json` }), 400],
    ['a private address', () => ({ provider: 'openfootball', url: 'http://10.1.2.3/season.json' }), 400],
    [
      'a CSV with a missing column',
      () => ({
        provider: 'csv',
        sportId: football,
        document: 'Date,Home\n2025-08-16,Harbour Town\n',
        csvColumns: { date: 'Date', home: 'Home', away: 'Away' },
      }),
      400,
    ],
    [
      'a CSV without a saved mapping',
      () => ({ provider: 'csv', sportId: football, document: 'Date,Home,Away\n2025-08-16,A,B\n' }),
      400,
      renderMessage(DATA_IMPORT_MESSAGES.noCsvMapping),
    ],
    ['an unknown provider', () => ({ provider: 'opta', document: {} }), 400],
    ['no document', () => ({ provider: 'openfootball' }), 400, renderMessage(DATA_IMPORT_MESSAGES.noDocument)],
  ];
  for (const [what, body, status, message] of refusals) {
    it(`${what}: ${status}`, async () => {
      const before = await written(accountA.id);
      const response = await importCall(await body());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBeTruthy();
      if (message) expect(response.json().message).toBe(message);
      expect(await written(accountA.id)).toEqual(before);
    });
  }

  it('50 MB of junk: 413, inline or as a file', async () => {
    const before = await written(accountA.id);
    const junk = Buffer.alloc(50 * 1024 * 1024, 'x');
    const inline = await allowing.request({
      method: 'POST',
      url: dataImportPaths.import,
      token: token('importer'),
      payload: Buffer.concat([Buffer.from('{"provider":"openfootball","document":"'), junk, Buffer.from('"}')]),
      headers: { 'content-type': 'application/json' },
    });
    expect(inline.statusCode).toBe(413);
    // The limit said is the import's, not the 1 MiB of other JSON calls.
    expect(inline.json().message).toBe(`Request body is too large (limit ${DATA_IMPORT_MAX_BYTES / 1024 / 1024} MiB)`);
    const boundary = '----regie-junk';
    const file = await allowing.request({
      method: 'POST',
      url: dataImportPaths.import,
      token: token('importer'),
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="provider"\r\n\r\nopenfootball\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="junk.json"\r\n\r\n`,
        ),
        junk,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(file.statusCode).toBe(413);
    expect(await written(accountA.id)).toEqual(before);
  });
});

describe('CSV column mappings', () => {
  it('saves a mapping per sport, which the import uses when the call sends none', async () => {
    const url = dataImportPaths.csvMapping(football);
    const none = await allowing.request({ url, token: token('importerB') });
    expect(none.json()).toEqual({ sportId: football, columns: null });
    const columns = { date: 'Date', time: 'Kick-off', home: 'Home', away: 'Away', round: 'Round' };
    const saved = await allowing.request({ method: 'PUT', url, token: token('importerB'), payload: { columns } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await allowing.request({ url, token: token('importerB') })).json()).toEqual({ sportId: football, columns });
    const csv = 'Round,Date,Kick-off,Home,Away\nDay 1,2025-08-16,15:00,Harbour Town,Northgate Rovers\n';
    const answer = await preview({ provider: 'csv', sportId: football, document: csv }, 'importerB');
    expect(answer.counts.fixtures).toBe(1);
    // Another account's mapping is its own.
    expect((await allowing.request({ url, token: token('importer') })).json().columns).toBeNull();
    // Saved again as it is: no second entry.
    const again = await allowing.request({ method: 'PUT', url, token: token('importerB'), payload: { columns } });
    expect(again.statusCode).toBe(200);
    const entries = await auditReader(allowing)(accountB.id, { resource: 'csv-mappings' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      accountId: accountB.id,
      changes: { sportId: { before: null, after: football }, columns: { before: null, after: columns } },
    });
  });
});

describe('the audit trail of an import', () => {
  it('records the queued import with its job, and nothing for a preview', async () => {
    const audit = auditReader(allowing);
    const before = await audit(accountA.id, { action: 'import' });
    await preview(openfootball());
    expect(await audit(accountA.id, { action: 'import' })).toEqual(before);
    const response = await importCall(openfootball());
    expect(response.statusCode, response.body).toBe(202);
    const { jobId } = response.json<{ jobId: number }>();
    const [entry] = await audit(accountA.id, { resource: 'data-imports', resourceId: jobId });
    expect(entry).toMatchObject({
      action: 'import',
      accountId: accountA.id,
      changes: { provider: { before: null, after: 'openfootball' }, jobId: { before: null, after: jobId } },
    });
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another account's event", async () => {
    const [theirs] = await allowing.db.insert(events).values({ name: 'Theirs', accountId: accountB.id }).returning();
    const response = await importCall({ ...openfootball(), dryRun: true, eventId: theirs?.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(renderMessage(DATA_IMPORT_MESSAGES.eventNotFound(theirs?.id ?? 0)));
  });

  it("refuses to act for another account's key", async () => {
    const response = await importCall({ ...openfootball(), dryRun: true }, 'importer', {
      'x-account-key': accountB.accountKey,
    });
    expect(response.statusCode).toBe(403);
  });

  it('asks for sport_player_write and the IMPORTDATA module, as the menu does', async () => {
    for (const who of ['videoWriter', 'noModule']) {
      const response = await importCall({ ...openfootball(), dryRun: true }, who);
      expect(response.statusCode, who).toBe(403);
      expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
      const providers = await allowing.request({ url: dataImportPaths.providers, token: token(who) });
      expect(providers.statusCode).toBe(403);
    }
    expect((await allowing.request({ method: 'POST', url: dataImportPaths.import, payload: {} })).statusCode).toBe(401);
  });

  it('keeps provider refs per account: the same document in two accounts makes two records', async () => {
    // Among the test's two accounts (the demo club imported its own season at seed).
    const refs = await allowing.db
      .select({ accountId: providerRefs.accountId, recordId: providerRefs.recordId })
      .from(providerRefs)
      .where(and(eq(providerRefs.entity, 'competition'), inArray(providerRefs.accountId, [accountA.id, accountB.id])));
    expect(refs.map((ref) => ref.accountId).sort()).toEqual([accountA.id, accountB.id].sort());
    expect(new Set(refs.map((ref) => ref.recordId)).size).toBe(2);
  });
});

describe('the stored document of an import', () => {
  /** A fresh account's importer: its data-import folder is its imports' alone. */
  async function importer(name: string): Promise<BuiltAccount> {
    const account = await allowing.buildAccount({ modules: ['SPORT_EVENTS', 'IMPORTDATA'] });
    await user(allowing, name, account, ['sport_player_write']);
    return account;
  }

  /** Queues the import (no worker yet): its job and the document it stored. */
  async function queued(body: Body, as: string): Promise<{ jobId: number; documentKey: string }> {
    const response = await importCall(body, as);
    expect(response.statusCode, response.body).toBe(202);
    const { jobId } = response.json<{ jobId: number }>();
    const [row] = await allowing.db.select().from(jobs).where(eq(jobs.id, jobId));
    const documentKey = (row?.payload as { documentKey: string }).documentKey;
    expect(await storage().exists(documentKey)).toBe(true);
    return { jobId, documentKey };
  }

  const storage = () => localStorage(storageFolder, '/images');

  /**
   * Workers whose storage fails to read the document `failures` times (a storage outage: the
   * attempt fails and is retried), telling whether the document was there at each read; retries
   * come at once.
   */
  function workersFailingReads(documentKey: string, failures: number): { found: boolean[] } {
    const base = storage();
    const reads = { found: [] as boolean[] };
    const flaky = {
      ...base,
      async get(key: string, range?: { start: number; end: number }) {
        if (key !== documentKey) return base.get(key, range);
        reads.found.push(await base.exists(key));
        if (reads.found.length <= failures) throw new Error('storage unavailable');
        return base.get(key, range);
      },
    };
    const quickRetries = { ...dataImportJob, retry: { maxAttempts: 3, backoff: { initialMs: 20, maxMs: 20 } } };
    running.push(
      startWorkers(allowing.db, {
        concurrency: 1,
        pollMs: 20,
        dataDir: dir,
        storage: flaky,
        registry: createJobRegistry([quickRetries]),
        hub: allowing.app.realtime,
      }),
    );
    return reads;
  }

  const gone = (documentKey: string) =>
    waitFor(async () => !(await storage().exists(documentKey)), { what: `${documentKey} removed` });

  it('is read again by a retry after a failed attempt, and removed once the job is done', async () => {
    await importer('docDone');
    const { jobId, documentKey } = await queued({ ...openfootball(), sportId: football }, 'docDone');
    const reads = workersFailingReads(documentKey, 1);
    const done = await waitForState(allowing.db, jobId, ['done', 'failed'], 30_000);
    expect(done.state, done.lastError ?? '').toBe('done');
    expect(done.attempts).toBe(2);
    // The retry found the document the failed attempt could not read.
    expect(reads.found).toEqual([true, true]);
    // Removed before the job was marked done.
    expect(await storage().exists(documentKey)).toBe(false);
  });

  it('stays for every retry, and is removed when the last attempt fails', async () => {
    const account = await importer('docExhausted');
    const { jobId, documentKey } = await queued({ ...openfootball(), sportId: football }, 'docExhausted');
    const reads = workersFailingReads(documentKey, 3);
    const failed = await waitForState(allowing.db, jobId, ['done', 'failed'], 30_000);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(reads.found).toEqual([true, true, true]);
    await gone(documentKey);
    expect(await readdir(join(storageFolder, String(account.id), 'data-import'))).toEqual([]);
  });

  it('is removed when the job fails for good at once; a retry asked for then says it is gone', async () => {
    const account = await importer('docPermanent');
    const [picked] = await allowing.db
      .insert(competitions)
      .values({ name: 'Picked league', sportId: football, accountId: account.id })
      .returning();
    const names = (await preview({ ...openfootball(), sportId: football }, 'docPermanent')).names;
    const ref = names.find((name) => name.kind === 'competition')?.ref ?? '';
    const { jobId, documentKey } = await queued(
      { ...openfootball(), sportId: football, decisions: [{ kind: 'competition', ref, recordId: picked?.id }] },
      'docPermanent',
    );
    // The record the user picked is deleted before the job runs: no attempt can help.
    await allowing.db.delete(competitions).where(eq(competitions.id, picked?.id ?? 0));
    const reads = workersFailingReads(documentKey, 0);
    const failed = await waitForState(allowing.db, jobId, ['done', 'failed'], 30_000);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBe(renderMessage(DATA_IMPORT_MESSAGES.decisionNotFound('competition', picked?.id ?? 0)));
    await gone(documentKey);
    const retried = await allowing.request({
      method: 'POST',
      url: jobPaths.retry(jobId),
      token: token('docPermanent'),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    // Counted afresh (attempts 0, waiting): the failed state below is the retry's.
    const again = await waitFor(
      async () => {
        const row = await jobRow(allowing.db, jobId);
        return row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 30_000, what: 'the retried import to fail' },
    );
    expect(again.lastError).toBe(renderMessage(DATA_IMPORT_MESSAGES.documentGone));
    expect(reads.found).toEqual([true, false]);
  }, 60_000);
});
