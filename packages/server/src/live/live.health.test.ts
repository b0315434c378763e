import { LIVE_HEALTH_EVENT, LIVE_LIMITS, LIVE_TOPIC, type LiveHealth } from '@regie/contract/live';
import { describe, expect, it } from 'vitest';
import { accountTopic, createMemoryHub } from '../realtime/realtime.hub.ts';
import { sharedLiveHealth } from './live.health.ts';
import { idleLiveHealth, type LiveSupervisor } from './live.supervisor.ts';

const idle = idleLiveHealth;

/** This process's supervisor, receiving no encoder (an API process, or another live node). */
const elsewhere = { isOnAir: () => false, healthOf: idle } as unknown as LiveSupervisor;

describe('the health of an input received by another live node', () => {
  it('is the one its node last pushed on the hub, until three pushes are missed or it goes off air', async () => {
    const hub = createMemoryHub();
    let now = 1_000_000;
    const shared = sharedLiveHealth(hub, elsewhere, () => now);
    expect(shared.healthOf(7, 'idle')).toEqual(idle(7, 'idle'));

    const pushed: LiveHealth = { ...idle(7, 'live'), connected: true, bitrate: 2_500_000, width: 1280, height: 720 };
    await hub.publish(accountTopic(3, LIVE_TOPIC), { type: LIVE_HEALTH_EVENT, payload: pushed });
    expect(shared.healthOf(7, 'live')).toEqual(pushed);

    // Its node died: no push for three intervals, the health is no longer believed.
    now += 3 * LIVE_LIMITS.healthIntervalMs + 1;
    expect(shared.healthOf(7, 'live')).toEqual(idle(7, 'live'));

    await hub.publish(accountTopic(3, LIVE_TOPIC), { type: LIVE_HEALTH_EVENT, payload: pushed });
    await hub.publish(accountTopic(3, LIVE_TOPIC), { type: LIVE_HEALTH_EVENT, payload: idle(7, 'idle') });
    expect(shared.healthOf(7, 'idle')).toEqual(idle(7, 'idle'));
    shared.close();
  });

  it('is this process’s own when it receives the encoder', () => {
    const own: LiveHealth = { ...idle(9, 'live'), connected: true, bitrate: 1 };
    const here = { isOnAir: () => true, healthOf: () => own } as unknown as LiveSupervisor;
    expect(sharedLiveHealth(createMemoryHub(), here).healthOf(9, 'live')).toBe(own);
  });
});
