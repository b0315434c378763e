import { SIMULCAST_TARGET_EVENT, type SimulcastTarget } from '@regie/contract/simulcast';
import { describe, expect, it } from 'vitest';
import { targetOfEvent } from './simulcast-calls.ts';

const target: SimulcastTarget = {
  id: 3,
  simulcastId: 1,
  name: 'YouTube',
  url: 'rtmps://a.rtmp.youtube.com/live2',
  streamKeyHint: '••••7f3a',
  status: 'retrying',
  running: true,
  bitrateKbps: null,
  liveSince: null,
  restarts: 2,
  lastError: 'The restream stopped: Connection refused',
  lastErrorMessage: { code: 'SIMULCAST_MESSAGES.ffmpegFailed', params: ['Connection refused'] },
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('targetOfEvent', () => {
  it('reads a target from its socket event, and nothing else', () => {
    expect(targetOfEvent({ topic: '/admin/simulcasts/1', type: SIMULCAST_TARGET_EVENT, payload: target })).toEqual(
      target,
    );
    expect(targetOfEvent({ topic: '/admin/simulcasts/1', type: 'job.state', payload: target })).toBeNull();
    expect(
      targetOfEvent({ topic: '/admin/simulcasts/1', type: SIMULCAST_TARGET_EVENT, payload: { id: 'x' } }),
    ).toBeNull();
  });
});
