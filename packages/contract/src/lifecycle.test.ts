import { describe, expect, it } from 'vitest';
import { LIFECYCLE_TRANSITIONS, nextState, TRANSITION_RULES, transitionsFrom } from './lifecycle.ts';

describe('the live lifecycle', () => {
  it('goes upcoming → live → replay, one step at a time', () => {
    expect(nextState('upcoming', 'start-live')).toBe('live');
    expect(nextState('live', 'process-end-live')).toBe('replay');
    expect(nextState('live', 'process-end-live-dailymotion')).toBe('replay');
    expect(nextState('live', 'process-end-live-aws')).toBe('replay');
  });

  it('refuses every other move', () => {
    expect(nextState('upcoming', 'process-end-live')).toBeNull();
    expect(nextState('replay', 'start-live')).toBeNull();
    expect(nextState('live', 'start-live')).toBeNull();
    for (const transition of LIFECYCLE_TRANSITIONS) expect(nextState('replay', transition)).toBeNull();
  });

  it('offers from each state the transitions that leave it', () => {
    expect(transitionsFrom('upcoming')).toEqual(['start-live']);
    expect(transitionsFrom('live')).toEqual([
      'process-end-live',
      'process-end-live-dailymotion',
      'process-end-live-aws',
    ]);
    expect(transitionsFrom('replay')).toEqual([]);
  });

  it('asks the cloud variant for use_stream and AWS_STREAM, the Dailymotion one for its configuration', () => {
    expect(TRANSITION_RULES['process-end-live-aws'].extraRule).toEqual({
      authorizedRoles: ['use_stream'],
      requiredModules: ['AWS_STREAM'],
    });
    expect(TRANSITION_RULES['process-end-live-dailymotion'].needsDailymotion).toBe(true);
    expect(TRANSITION_RULES['process-end-live'].extraRule).toBeUndefined();
  });
});
