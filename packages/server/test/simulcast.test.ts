import { renderMessage } from '@regie/contract/messages.render';
import {
  type AwsSimulcastStatus,
  SIMULCAST_LIMITS,
  SIMULCAST_MESSAGES,
  type Simulcast,
  type SimulcastList,
  type SimulcastTarget,
  simulcastPaths,
} from '@regie/contract/simulcast';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveInputs } from '../src/db/live.table.ts';
import { simulcastTargets } from '../src/db/simulcast.table.ts';
import { createSimulcastEngine } from '../src/simulcast/simulcast.engine.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
const inputs: Record<'own' | 'theirs', number> = { own: 0, theirs: 0 };
const tokens: Record<string, string> = {};
const SECRET = 'live_123456789_SECRETKEY';

async function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.request({ method, url, token: tokens[as] ?? '', ...(payload === undefined ? {} : { payload }) });
}

async function created<T>(as: string, url: string, payload: unknown): Promise<T> {
  const response = await call(as, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.buildAccount({ modules: ['SIMULCAST', 'AWS_STREAM'] });
  const other = await ctx.buildAccount({ modules: ['SIMULCAST'] });
  const bare = await ctx.buildAccount({ modules: [] });
  const users = {
    operator: await ctx.buildUser({ accountId: account.id, roles: ['simulcast_write'] }),
    videoWriter: await ctx.buildUser({ accountId: account.id, roles: ['video_write'] }),
    otherOperator: await ctx.buildUser({ accountId: other.id, roles: ['simulcast_write'] }),
    noModule: await ctx.buildUser({ accountId: bare.id, roles: ['simulcast_write'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
  const made = await ctx.db
    .insert(liveInputs)
    .values([
      { accountId: account.id, name: 'Own camera', streamKey: 'rk_own_simulcast_test', latencyMode: '2s' },
      { accountId: other.id, name: 'Their camera', streamKey: 'rk_theirs_simulcast_test', latencyMode: '2s' },
    ])
    .returning({ id: liveInputs.id });
  inputs.own = made[0]?.id ?? 0;
  inputs.theirs = made[1]?.id ?? 0;
}, 60_000);
afterAll(() => ctx.close());

describe('simulcasts API', () => {
  it('creates a simulcast and its targets; the key is never sent back, only a hint', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Cup final' });
    expect(simulcast).toMatchObject({
      name: 'Cup final',
      inputId: null,
      provider: 'local',
      state: 'idle',
      targets: [],
    });
    const target = await created<SimulcastTarget>('operator', simulcastPaths.targets(simulcast.id), {
      name: 'YouTube',
      url: 'rtmps://a.rtmp.youtube.com/live2',
      streamKey: SECRET,
    });
    expect(target).toMatchObject({ name: 'YouTube', status: 'idle', running: false, streamKeyHint: '••••TKEY' });

    const read = await call('operator', 'GET', simulcastPaths.one(simulcast.id));
    const list = await call('operator', 'GET', simulcastPaths.list());
    const renamed = await call('operator', 'PUT', simulcastPaths.target(simulcast.id, target.id), { name: 'YT' });
    for (const response of [read, list, renamed]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('SECRETKEY');
    }
    // A rename keeps the key; a new key changes the hint.
    expect(renamed.json<SimulcastTarget>().streamKeyHint).toBe('••••TKEY');
    const [row] = await ctx.db.select().from(simulcastTargets).where(eq(simulcastTargets.id, target.id));
    expect(row?.streamKey).toBe(SECRET);
    const rekeyed = await call('operator', 'PUT', simulcastPaths.target(simulcast.id, target.id), {
      streamKey: 'another-key-9876',
    });
    expect(rekeyed.json<SimulcastTarget>().streamKeyHint).toBe('••••9876');

    const deleted = await call('operator', 'DELETE', simulcastPaths.target(simulcast.id, target.id));
    expect(deleted.statusCode).toBe(204);
    expect((await call('operator', 'GET', simulcastPaths.one(simulcast.id))).json<Simulcast>().targets).toEqual([]);
  });

  it('refuses bad targets with a clear message, in the user language', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Checks' });
    const badUrl = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'Bad',
      url: 'http://example.com/live',
      streamKey: 'k',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).toContain(renderMessage(SIMULCAST_MESSAGES.badUrl, 'en'));
    const spaced = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'Bad',
      url: 'rtmp://example.com/live',
      streamKey: 'a b',
    });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.body).toContain(renderMessage(SIMULCAST_MESSAGES.keySpaces, 'en'));
    const french = await ctx.request({
      method: 'POST',
      url: simulcastPaths.targets(simulcast.id),
      token: tokens.operator ?? '',
      headers: { 'accept-language': 'fr' },
      payload: { name: 'Bad', url: 'ftp://example.com', streamKey: 'k' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.body).toContain('rtmps://');
    expect(french.body).toContain('L’URL de la destination');
    const missing = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), { name: 'No key' });
    expect(missing.statusCode).toBe(400);
    const badState = await call('operator', 'GET', `${simulcastPaths.list()}?state=broken`);
    expect(badState.statusCode).toBe(400);
  });

  it('refuses targets at private, loopback and metadata addresses, on save and at start (issue 40.7)', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Private' });
    // The test's own config allows 127.0.0.1 (its sinks); 127.0.0.2 is another loopback address.
    for (const url of ['rtmp://192.168.1.10/live', 'rtmp://127.0.0.2:1935/live', 'rtmps://[::1]/app']) {
      const refused = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), {
        name: 'Inside',
        url,
        streamKey: 'k',
      });
      expect(refused.statusCode, url).toBe(400);
      const body = refused.json<{ message: string; errors: { path: string; message: string }[] }>();
      expect(body.message).toContain('a simulcast pushes only to public addresses');
      // On the URL field, where the form shows it.
      expect(body.errors).toEqual([{ path: 'url', message: body.message }]);
    }
    const french = await ctx.request({
      method: 'POST',
      url: simulcastPaths.targets(simulcast.id),
      token: tokens.operator ?? '',
      headers: { 'accept-language': 'fr' },
      payload: { name: 'Metadata', url: 'rtmp://169.254.169.254/live', streamKey: 'k' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json<{ message: string }>().message).toContain(
      'La destination 169.254.169.254 est à l’adresse 169.254.169.254',
    );
    const target = await created<SimulcastTarget>('operator', simulcastPaths.targets(simulcast.id), {
      name: 'Public',
      url: 'rtmps://live.example.com/app',
      streamKey: 'k',
    });
    const moved = await call('operator', 'PUT', simulcastPaths.target(simulcast.id, target.id), {
      url: 'rtmp://10.0.0.8/live',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ message: string }>().message).toContain('10.0.0.8');
    // A target saved before the rule: its start is refused, and it does not run.
    await ctx.db
      .update(simulcastTargets)
      .set({ url: 'rtmp://10.0.0.8/live' })
      .where(eq(simulcastTargets.id, target.id));
    const started = await call('operator', 'POST', simulcastPaths.start(simulcast.id, target.id));
    expect(started.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(simulcastTargets).where(eq(simulcastTargets.id, target.id));
    expect(row?.running).toBe(false);
    expect((await call('operator', 'DELETE', simulcastPaths.one(simulcast.id))).statusCode).toBe(204);
  });

  it('caps the targets of a simulcast', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Many' });
    const body = { name: 'T', url: 'rtmp://127.0.0.1/live', streamKey: 'k' };
    for (let index = 0; index < SIMULCAST_LIMITS.targetsPerSimulcast; index += 1) {
      await created('operator', simulcastPaths.targets(simulcast.id), body);
    }
    const refused = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), body);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(renderMessage(SIMULCAST_MESSAGES.tooManyTargets, 'en'));
  });

  it('lists by state; a running target cannot be changed or deleted', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Running' });
    const target = await created<SimulcastTarget>('operator', simulcastPaths.targets(simulcast.id), {
      name: 'Sink',
      url: 'rtmp://127.0.0.1:9/live',
      streamKey: 'k',
    });
    const started = await call('operator', 'POST', simulcastPaths.start(simulcast.id, target.id));
    expect(started.json<SimulcastTarget>()).toMatchObject({ running: true });
    const live = await call('operator', 'GET', `${simulcastPaths.list()}?state=live`);
    expect(live.json<SimulcastList>().data.map((item) => item.id)).toEqual([simulcast.id]);
    const idle = await call('operator', 'GET', `${simulcastPaths.list()}?state=idle`);
    expect(idle.json<SimulcastList>().data.map((item) => item.id)).not.toContain(simulcast.id);
    const change = await call('operator', 'PUT', simulcastPaths.target(simulcast.id, target.id), { name: 'X' });
    expect(change.statusCode).toBe(409);
    expect(change.body).toContain(renderMessage(SIMULCAST_MESSAGES.targetRunning, 'en'));
    expect((await call('operator', 'DELETE', simulcastPaths.target(simulcast.id, target.id))).statusCode).toBe(409);
    const stopped = await call('operator', 'POST', simulcastPaths.stop(simulcast.id, target.id));
    expect(stopped.json<SimulcastTarget>()).toMatchObject({ running: false, status: 'stopped' });
    expect((await call('operator', 'DELETE', simulcastPaths.one(simulcast.id))).statusCode).toBe(204);
    expect((await call('operator', 'GET', simulcastPaths.one(simulcast.id))).statusCode).toBe(404);
  });

  it('pages the list, newest first, with the total of every match', async () => {
    const made: number[] = [];
    for (const name of ['Page A', 'Page B', 'Page C']) {
      made.push((await created<Simulcast>('operator', simulcastPaths.list(), { name })).id);
    }
    const first = (await call('operator', 'GET', `${simulcastPaths.list()}?limit=2`)).json<SimulcastList>();
    expect(first.data.map((item) => item.id)).toEqual([made[2], made[1]]);
    const all = (await call('operator', 'GET', `${simulcastPaths.list()}?limit=200`)).json<SimulcastList>();
    expect(first.total).toBe(all.data.length);
    const second = (await call('operator', 'GET', `${simulcastPaths.list()}?limit=2&offset=2`)).json<SimulcastList>();
    expect(second.data.map((item) => item.id)).toEqual(all.data.slice(2, 4).map((item) => item.id));
    const tooMany = await call('operator', 'GET', `${simulcastPaths.list()}?limit=500`);
    expect(tooMany.statusCode).toBe(400);
    for (const id of made) expect((await call('operator', 'DELETE', simulcastPaths.one(id))).statusCode).toBe(204);
  });

  it('hides another account: 404 on every call', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Mine' });
    const target = await created<SimulcastTarget>('operator', simulcastPaths.targets(simulcast.id), {
      name: 'Sink',
      url: 'rtmp://127.0.0.1/live',
      streamKey: 'k',
    });
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', simulcastPaths.one(simulcast.id)],
      ['PUT', simulcastPaths.one(simulcast.id), { name: 'Theirs' }],
      ['DELETE', simulcastPaths.one(simulcast.id)],
      ['GET', simulcastPaths.stats(simulcast.id)],
      ['POST', simulcastPaths.targets(simulcast.id), { name: 'T', url: 'rtmp://h/live', streamKey: 'k' }],
      ['PUT', simulcastPaths.target(simulcast.id, target.id), { name: 'T' }],
      ['DELETE', simulcastPaths.target(simulcast.id, target.id)],
      ['POST', simulcastPaths.start(simulcast.id, target.id)],
      ['POST', simulcastPaths.stop(simulcast.id, target.id)],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call('otherOperator', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await call('otherOperator', 'GET', simulcastPaths.list());
    expect(theirs.json<SimulcastList>().data).toEqual([]);
    // A target of another simulcast is not found under this one.
    const second = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Second' });
    expect((await call('operator', 'PUT', simulcastPaths.target(second.id, target.id), { name: 'T' })).statusCode).toBe(
      404,
    );
  });

  it("takes one of the account's live inputs as its source, never another account's", async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), {
      name: 'Sourced',
      inputId: inputs.own,
    });
    expect(simulcast.inputId).toBe(inputs.own);
    // The picker's choices: the account's own inputs, without their keys.
    const sources = await call('operator', 'GET', simulcastPaths.sources());
    expect(sources.statusCode).toBe(200);
    expect(sources.json()).toEqual({ data: [{ id: inputs.own, name: 'Own camera', state: 'idle' }] });
    expect((await call('videoWriter', 'GET', simulcastPaths.sources())).statusCode).toBe(403);
    const refused = await call('operator', 'PUT', simulcastPaths.one(simulcast.id), { inputId: inputs.theirs });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      renderMessage(SIMULCAST_MESSAGES.inputNotFound(inputs.theirs), 'en'),
    );
    const missing = await call('operator', 'POST', simulcastPaths.list(), { name: 'Nowhere', inputId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect((await call('operator', 'GET', simulcastPaths.one(simulcast.id))).json<Simulcast>().inputId).toBe(
      inputs.own,
    );
  });

  it('refuses users without the role or the module: 403', async () => {
    for (const who of ['videoWriter', 'noModule']) {
      expect((await call(who, 'GET', simulcastPaths.list())).statusCode).toBe(403);
      expect((await call(who, 'POST', simulcastPaths.list(), { name: 'X' })).statusCode).toBe(403);
    }
    // aws simulcasts also need AWS_STREAM.
    expect((await call('otherOperator', 'GET', simulcastPaths.awsStatus())).statusCode).toBe(403);
    expect((await call('videoWriter', 'GET', simulcastPaths.awsStatus())).statusCode).toBe(403);
  });

  it('aws: not configured here, so the local engine runs aws simulcasts', async () => {
    const status = await call('operator', 'GET', simulcastPaths.awsStatus());
    expect(status.json<AwsSimulcastStatus>()).toEqual({ configured: false, region: null, engine: 'local' });
    const local = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Local' });
    const notAws = await call('operator', 'POST', simulcastPaths.startAws(local.id));
    expect(notAws.statusCode).toBe(409);
    const aws = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Cloud', provider: 'aws' });
    await created('operator', simulcastPaths.targets(aws.id), {
      name: 'A',
      url: 'rtmp://127.0.0.1:9/a',
      streamKey: 'k',
    });
    await created('operator', simulcastPaths.targets(aws.id), {
      name: 'B',
      url: 'rtmp://127.0.0.1:9/b',
      streamKey: 'k',
    });
    const started = await call('operator', 'POST', simulcastPaths.startAws(aws.id));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Simulcast>().state).toBe('live');
    expect(started.json<Simulcast>().targets.every((target) => target.running)).toBe(true);
    const listed = await call('operator', 'GET', `${simulcastPaths.list()}?provider=aws`);
    expect(listed.json<SimulcastList>().data.map((item) => item.id)).toEqual([aws.id]);
    const stopped = await call('operator', 'POST', simulcastPaths.stopAws(aws.id));
    expect(stopped.json<Simulcast>()).toMatchObject({ state: 'idle' });
    expect(stopped.json<Simulcast>().targets.map((target) => target.status)).toEqual(['stopped', 'stopped']);
  });

  it('a restarted server resumes the targets meant to run', async () => {
    const simulcast = await created<Simulcast>('operator', simulcastPaths.list(), { name: 'Resume' });
    const target = await created<SimulcastTarget>('operator', simulcastPaths.targets(simulcast.id), {
      name: 'Sink',
      url: 'rtmp://127.0.0.1:9/live',
      streamKey: 'k',
    });
    // As left by a server that died while the target ran.
    await ctx.db
      .update(simulcastTargets)
      .set({ running: true, status: 'live' })
      .where(eq(simulcastTargets.id, target.id));
    const engine = createSimulcastEngine({ db: ctx.db, hub: null, sources: { urlOf: async () => null } });
    try {
      expect(await engine.resume()).toBeGreaterThanOrEqual(1);
      expect(engine.isRunning(target.id)).toBe(true);
    } finally {
      await engine.close();
    }
    await ctx.db.update(simulcastTargets).set({ running: false }).where(eq(simulcastTargets.id, target.id));
  });
});
