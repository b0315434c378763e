import { describe, expect, it } from 'vitest';
import { accountTopic, clientTopic, createMemoryHub, type HubEvent } from './realtime.hub.ts';

// Pattern matching itself is the contract's (contract realtime.test.ts).
describe('topics', () => {
  it('prefixes and strips the account id', () => {
    expect(accountTopic(12, '/admin/jobs')).toBe('12/admin/jobs');
    expect(clientTopic(12, '12/admin/jobs')).toBe('/admin/jobs');
    expect(clientTopic(1, '12/admin/jobs')).toBeNull();
  });
});

describe('in-process hub', () => {
  it('delivers to matching subscribers until they unsubscribe, despite a failing listener', async () => {
    const errors: unknown[] = [];
    const hub = createMemoryHub((error) => errors.push(error));
    const received: [string, HubEvent][] = [];
    hub.subscribe('12/admin/**', () => {
      throw new Error('socket gone');
    });
    const unsubscribe = hub.subscribe('12/admin/**', (topic, event) => received.push([topic, event]));
    hub.subscribe('13/admin/**', (topic, event) => received.push([topic, event]));

    await hub.publish('12/admin/jobs', { type: 'job.progress', payload: { id: 1, progress: 50 } });
    unsubscribe();
    await hub.publish('12/admin/jobs', { type: 'job.progress', payload: { id: 1, progress: 60 } });

    expect(received).toEqual([['12/admin/jobs', { type: 'job.progress', payload: { id: 1, progress: 50 } }]]);
    expect(errors).toHaveLength(2);
  });
});
