import type { GoLiveFix } from '@regie/contract/go-live';
import { describe, expect, it } from 'vitest';
import { checkTabHref, fixCalls, mayGoLive } from './go-live-fixes.ts';

const now = new Date('2026-11-27T20:00:00.000Z');

describe('the calls of a Go live fix', () => {
  it('publishes the event', () => {
    expect(fixCalls(7, { kind: 'publish' }, { activatedModules: [] }, now)).toEqual([
      { method: 'PUT', path: '/main-api/events/7', body: { published: true } },
    ]);
  });

  it('adds a module to those the event has, once', () => {
    const fix: GoLiveFix = { kind: 'activateModules', modules: ['CHAT'] };
    expect(fixCalls(7, fix, { activatedModules: ['AWS_STREAM'] }, now)).toEqual([
      { method: 'PUT', path: '/main-api/events/7', body: { activatedModules: ['AWS_STREAM', 'CHAT'] } },
    ]);
    expect(fixCalls(7, fix, { activatedModules: ['CHAT'] }, now)[0]?.body).toEqual({ activatedModules: ['CHAT'] });
  });

  it('opens the vote from now, closing by the account settings', () => {
    expect(fixCalls(7, { kind: 'openVote', gameId: 3 }, { activatedModules: [] }, now)).toEqual([
      {
        method: 'PUT',
        path: '/main-api/motm/games/3',
        body: { opensAt: '2026-11-27T20:00:00.000Z', closesAt: null },
      },
    ]);
  });

  it('starts each stopped target', () => {
    const fix: GoLiveFix = {
      kind: 'startTargets',
      targets: [
        { simulcastId: 1, targetId: 4 },
        { simulcastId: 2, targetId: 9 },
      ],
    };
    expect(fixCalls(7, fix, { activatedModules: [] }, now).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /main-api/simulcasts/1/targets/4/start',
      'POST /main-api/simulcasts/2/targets/9/start',
    ]);
  });
});

describe('going live', () => {
  it('needs "without a camera" ticked only when no camera receives', () => {
    expect(mayGoLive({ needsCameraConfirmation: false }, false)).toBe(true);
    expect(mayGoLive({ needsCameraConfirmation: true }, false)).toBe(false);
    expect(mayGoLive({ needsCameraConfirmation: true }, true)).toBe(true);
  });

  it('links a check to the event tab where it is set up', () => {
    expect(checkTabHref(7, { tab: 'stream' })).toBe('/events/sports/edit/7/stream');
    expect(checkTabHref(7, { tab: null })).toBeNull();
  });
});
