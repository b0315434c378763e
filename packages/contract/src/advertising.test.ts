import { describe, expect, it } from 'vitest';
import { advertisingSettings } from './advertising.schemas.ts';
import { AD_BREAK_RULE, isAdTagUrl } from './advertising.ts';
import { LIVE_INPUTS_RULE } from './live.ts';

describe('advertising', () => {
  it('lets whoever runs the control room (the cameras’ rule) mark ad breaks, with ADVERTISING', () => {
    expect(AD_BREAK_RULE.authorizedRoles).toEqual(LIVE_INPUTS_RULE.authorizedRoles);
    expect(AD_BREAK_RULE.requiredModules).toEqual([...(LIVE_INPUTS_RULE.requiredModules ?? []), 'ADVERTISING']);
  });

  it('takes http(s) tags and the local ad server’s paths, nothing else', () => {
    expect(isAdTagUrl('https://ads.example.com/vast?zone=1')).toBe(true);
    expect(isAdTagUrl('http://127.0.0.1:3000/vmap.xml')).toBe(true);
    expect(isAdTagUrl('/local-ads/vmap.xml?ad=demo')).toBe(true);
    for (const refused of [
      'javascript:alert(1)',
      'ftp://ads.example.com/x',
      '/other/vast.xml',
      '/local-ads/../x',
      'ads',
    ]) {
      expect(isAdTagUrl(refused), refused).toBe(false);
    }
    expect(advertisingSettings.parse({})).toEqual({ tagUrl: null });
    expect(advertisingSettings.safeParse({ tagUrl: 'data:text/xml,<VAST/>' }).success).toBe(false);
  });
});
