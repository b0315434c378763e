import { describe, expect, it } from 'vitest';
import { adsOfEvent, storedAdvertisingOf } from './advertising.settings.ts';

const account = (modules: string[], tagUrl: string | null = 'https://ads.example/vast.xml') => ({
  modules,
  config: { advertising: { tagUrl } },
});

describe('adsOfEvent', () => {
  it("plays the account's tag on an event that switches ADVERTISING on", () => {
    const ads = adsOfEvent({
      account: account(['ADVERTISING']),
      event: { activatedModules: ['ADVERTISING'], adTagUrl: null },
    });
    expect(ads).toEqual({ tagUrl: 'https://ads.example/vast.xml' });
  });

  it("prefers the event's own tag", () => {
    const event = { activatedModules: ['ADVERTISING'], adTagUrl: '/local-ads/vmap.xml' };
    expect(adsOfEvent({ account: account(['ADVERTISING']), event })).toEqual({ tagUrl: '/local-ads/vmap.xml' });
  });

  it('plays none without the module, with the event switched off, or without a tag', () => {
    const on = { activatedModules: ['ADVERTISING'], adTagUrl: null };
    expect(adsOfEvent({ account: account([]), event: on })).toBeNull();
    expect(adsOfEvent({ account: account(['ADVERTISING']), event: { ...on, activatedModules: [] } })).toBeNull();
    expect(adsOfEvent({ account: account(['ADVERTISING'], null), event: on })).toBeNull();
  });

  it('reads a broken stored tag as none', () => {
    expect(storedAdvertisingOf({ advertising: { tagUrl: 'javascript:alert(1)' } })).toEqual({ tagUrl: null });
  });
});
