import {
  CAMERA_MESSAGES,
  type Camera,
  cameraPaths,
  MULTICAM_SWITCH_EVENT,
  type MulticamStatus,
  multicamSwitchEvent,
} from '@regie/contract/cameras';
import { lifecyclePaths } from '@regie/contract/lifecycle';
import { type LiveInput, livePaths } from '@regie/contract/live';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { createMemoryHub, type HubEvent } from '../src/realtime/realtime.hub.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

const hub = createMemoryHub();
let ctx: TestContext;
let club: BuiltAccount;
let rivalAccount: BuiltAccount;
const tokens: Record<string, string> = {};

async function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.request({ method, url, token: tokens[as] ?? '', ...(payload ? { payload } : {}) });
}

async function created<T>(as: string, url: string, payload: object): Promise<T> {
  const response = await call(as, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

beforeAll(async () => {
  ctx = await createTestContext({ dependencies: { hub } });
  club = await ctx.buildAccount({ modules: ['AWS_STREAM', 'MULTICAM', 'SPORT_EVENTS', 'BUSINESS_PLAYERS'] });
  const rival = await ctx.buildAccount({ modules: ['AWS_STREAM', 'MULTICAM', 'SPORT_EVENTS'] });
  rivalAccount = rival;
  const users = {
    operator: await ctx.buildUser({
      accountId: club.id,
      roles: ['use_stream', 'sport_player_write', 'conf_player_write'],
    }),
    rival: await ctx.buildUser({ accountId: rival.id, roles: ['use_stream', 'sport_player_write'] }),
    producer: await ctx.buildUser({ accountId: club.id, roles: ['sport_player_write'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

describe('cameras and the program switch', () => {
  it('assigns inputs to an event, switches the program and keeps the switch log', async () => {
    const wide = await created<LiveInput>('operator', livePaths.list, { name: 'Wide', latencyMode: '2s' });
    const goal = await created<LiveInput>('operator', livePaths.list, { name: 'Goal', latencyMode: '2s' });
    const event = await created<{ id: number }>('operator', '/main-api/events', {
      name: 'Cup final',
      activatedModules: ['MULTICAM'],
    });
    const first = await created<Camera>('operator', cameraPaths.create, { eventId: event.id, inputId: wide.id });
    expect(first).toMatchObject({ inputId: wide.id, label: 'Wide', position: 0 });
    const second = await created<Camera>('operator', cameraPaths.create, {
      eventId: event.id,
      inputId: goal.id,
      label: 'Behind the goal',
    });
    expect(second.position).toBe(1);
    const twice = await call('operator', 'POST', cameraPaths.create, { eventId: event.id, inputId: wide.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(renderMessage(CAMERA_MESSAGES.inputTaken, 'en'));
    const listed = await call('operator', 'GET', cameraPaths.of('events', event.id));
    expect(listed.json<{ data: Camera[] }>().data.map((camera) => camera.label)).toEqual(['Wide', 'Behind the goal']);

    const onWide = await call('operator', 'PUT', cameraPaths.switch(first.id));
    expect(onWide.statusCode, onWide.body).toBe(200);
    const onGoal = (await call('operator', 'PUT', cameraPaths.switch(second.id))).json<MulticamStatus>();
    expect(onGoal.programCameraId).toBe(second.id);
    expect(onGoal.switches.map((entry) => entry.cameraId)).toEqual([second.id, first.id]);
    expect(onGoal.cameras.map((camera) => [camera.inputName, camera.inputState])).toEqual([
      ['Wide', 'idle'],
      ['Goal', 'idle'],
    ]);
    const status = (await call('operator', 'GET', cameraPaths.status(first.id))).json<MulticamStatus>();
    expect(status).toEqual(onGoal);

    const renamed = await call('operator', 'PUT', cameraPaths.one(second.id), { label: 'Goal cam', position: 0 });
    expect(renamed.json<Camera>()).toMatchObject({ label: 'Goal cam', position: 0 });
    expect((await call('operator', 'DELETE', cameraPaths.one(second.id))).statusCode).toBe(204);
    // The log keeps the switch to a removed camera (its input stays in the program's past).
    const after = (await call('operator', 'GET', cameraPaths.status(first.id))).json<MulticamStatus>();
    expect(after.switches.map((entry) => entry.cameraId)).toEqual([null, first.id]);
  });

  it('publishes each switch on the account’s multicam topic, with who switched, and nowhere else', async () => {
    const input = await created<LiveInput>('operator', livePaths.list, { name: 'Bench', latencyMode: '2s' });
    const event = await created<{ id: number }>('operator', '/main-api/events', {
      name: 'Semi final',
      activatedModules: ['MULTICAM'],
    });
    const camera = await created<Camera>('operator', cameraPaths.create, { eventId: event.id, inputId: input.id });
    const seen: HubEvent[] = [];
    const others: HubEvent[] = [];
    const stop = hub.subscribe(`${club.id}/admin/multicams`, (_topic, event) => seen.push(event));
    const stopOthers = hub.subscribe(`${rivalAccount.id}/admin/**`, (_topic, event) => others.push(event));
    const switched = await call('operator', 'PUT', cameraPaths.switch(camera.id));
    expect(switched.statusCode, switched.body).toBe(200);
    const refused = await call('rival', 'PUT', cameraPaths.switch(camera.id));
    expect(refused.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    stopOthers();
    const logged = switched.json<MulticamStatus>().switches[0];
    expect(logged?.username).toEqual(expect.any(String));
    expect(seen).toEqual([
      { type: MULTICAM_SWITCH_EVENT, payload: { kind: 'events', contentId: event.id, switch: logged } },
    ]);
    expect(multicamSwitchEvent.safeParse(seen[0]?.payload).success).toBe(true);
    expect(others).toEqual([]);
  });

  it('needs MULTICAM activated on the event to switch; a conference takes cameras too', async () => {
    const input = await created<LiveInput>('operator', livePaths.list, { name: 'Stage', latencyMode: '1s' });
    const event = await created<{ id: number }>('operator', '/main-api/events', { name: 'Friendly' });
    const camera = await created<Camera>('operator', cameraPaths.create, { eventId: event.id, inputId: input.id });
    const refused = await call('operator', 'PUT', cameraPaths.switch(camera.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(renderMessage(CAMERA_MESSAGES.multicamOff, 'en'));
    const conference = await created<{ id: number }>('operator', '/main-api/business-players', {
      name: 'Keynote',
      startsAt: '2026-12-01T09:00:00.000Z',
    });
    const onStage = await created<Camera>('operator', cameraPaths.create, {
      conferenceId: conference.id,
      inputId: input.id,
    });
    expect((await call('operator', 'PUT', cameraPaths.switch(onStage.id))).statusCode).toBe(200);
    const both = await call('operator', 'POST', cameraPaths.create, {
      eventId: event.id,
      conferenceId: conference.id,
      inputId: input.id,
    });
    expect(both.statusCode).toBe(400);
  });

  it('keeps another account out and needs live operators', async () => {
    const input = await created<LiveInput>('operator', livePaths.list, { name: 'Private', latencyMode: '2s' });
    const event = await created<{ id: number }>('operator', '/main-api/events', { name: 'Private match' });
    const camera = await created<Camera>('operator', cameraPaths.create, { eventId: event.id, inputId: input.id });
    expect((await call('rival', 'GET', cameraPaths.of('events', event.id))).statusCode).toBe(404);
    expect((await call('rival', 'GET', cameraPaths.status(camera.id))).statusCode).toBe(404);
    expect((await call('rival', 'PUT', cameraPaths.switch(camera.id))).statusCode).toBe(404);
    expect((await call('rival', 'DELETE', cameraPaths.one(camera.id))).statusCode).toBe(404);
    const rivalEvent = await created<{ id: number }>('rival', '/main-api/events', { name: 'Rival match' });
    // Another account's input on one's own event, or one's input on another's event: not found.
    expect(
      (await call('rival', 'POST', cameraPaths.create, { eventId: rivalEvent.id, inputId: input.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('operator', 'POST', cameraPaths.create, { eventId: rivalEvent.id, inputId: input.id })).statusCode,
    ).toBe(404);
    expect((await call('producer', 'GET', cameraPaths.of('events', event.id))).statusCode).toBe(403);
  });

  it('puts the first camera on air when the event goes live', async () => {
    const wide = await created<LiveInput>('operator', livePaths.list, { name: 'Kick-off wide', latencyMode: '2s' });
    const tight = await created<LiveInput>('operator', livePaths.list, { name: 'Kick-off tight', latencyMode: '2s' });
    const event = await created<{ id: number }>('operator', '/main-api/events', { name: 'Derby', state: 'upcoming' });
    const second = await created<Camera>('operator', cameraPaths.create, {
      eventId: event.id,
      inputId: tight.id,
      position: 1,
    });
    const first = await created<Camera>('operator', cameraPaths.create, {
      eventId: event.id,
      inputId: wide.id,
      position: 0,
    });
    const before = (await call('operator', 'GET', cameraPaths.status(first.id))).json<MulticamStatus>();
    expect(before.programCameraId).toBeNull();
    const live = await call('operator', 'POST', lifecyclePaths.transition('events', event.id, 'start-live'), {
      withoutCamera: true,
    });
    expect(live.statusCode, live.body).toBe(200);
    const after = (await call('operator', 'GET', cameraPaths.status(second.id))).json<MulticamStatus>();
    expect(after.programCameraId).toBe(first.id);
    expect(after.switches).toEqual([expect.objectContaining({ cameraId: first.id, userId: null, username: null })]);
  });

  it('gives the demo organiser an upcoming conference filmed by two cameras', async () => {
    const token = await ctx.login('simulcaster');
    const [keynote] = await ctx.db
      .select({ id: businessPlayers.id, state: businessPlayers.state })
      .from(businessPlayers)
      .where(eq(businessPlayers.name, 'Closing keynote (live)'));
    expect(keynote?.state).toBe('upcoming');
    const cameras = await ctx.request({ url: cameraPaths.of('business-players', keynote?.id ?? 0), token });
    expect(cameras.statusCode, cameras.body).toBe(200);
    expect(cameras.json<{ data: Camera[] }>().data.map((camera) => camera.label)).toEqual([
      'Main stage camera',
      'Stage left camera',
    ]);
  });
});
