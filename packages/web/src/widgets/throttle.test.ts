import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle.ts';

describe('backspace throttle (spec §9: 300 ms)', () => {
  it('lets one action through per interval', () => {
    let now = 1_000;
    const allow = createThrottle(300, () => now);
    expect(allow()).toBe(true);
    now += 100;
    expect(allow()).toBe(false);
    now += 199;
    expect(allow()).toBe(false);
    now += 1;
    expect(allow()).toBe(true);
  });
});
