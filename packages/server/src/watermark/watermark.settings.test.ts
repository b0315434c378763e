import { describe, expect, it } from 'vitest';
import { expectedWatermarkVersion, storedWatermarkOf, watermarkToBurn } from './watermark.settings.ts';

const LOGO = `7/logo/${'a'.repeat(64)}.png`;
const config = {
  watermark: { logoKey: LOGO, corner: 'bottom-left', sizePercent: 15, opacity: 0.6, marginPercent: 2, version: 3 },
};
const account = { modules: ['VIDEOS', 'WATERMARK'], config };
const on = { watermarkOff: false };

describe('watermarkToBurn', () => {
  it('burns the account’s logo with its settings and version', () => {
    expect(watermarkToBurn({ account, video: on })).toEqual({ ...config.watermark });
  });

  it('burns nothing when the video turns it off', () => {
    expect(watermarkToBurn({ account, video: { watermarkOff: true } })).toBeNull();
  });

  it('burns nothing when the account lacks the module, whatever its config says', () => {
    expect(watermarkToBurn({ account: { ...account, modules: ['VIDEOS'] }, video: on })).toBeNull();
  });

  it('burns nothing without a logo', () => {
    const noLogo = { watermark: { ...config.watermark, logoKey: null } };
    expect(watermarkToBurn({ account: { ...account, config: noLogo }, video: on })).toBeNull();
  });

  it('expects the account’s version of a watermarked video, null of one without', () => {
    expect(expectedWatermarkVersion({ account, video: on })).toBe(3);
    expect(expectedWatermarkVersion({ account, video: { watermarkOff: true } })).toBeNull();
  });
});

describe('storedWatermarkOf', () => {
  it('gives the defaults for an account that never set it, or whose stored value is broken', () => {
    const defaults = {
      logoKey: null,
      corner: 'top-right',
      sizePercent: 12,
      opacity: 0.8,
      marginPercent: 3,
      version: 0,
    };
    expect(storedWatermarkOf({})).toEqual(defaults);
    expect(storedWatermarkOf(null)).toEqual(defaults);
    expect(storedWatermarkOf({ watermark: { corner: 'middle' } })).toEqual(defaults);
  });
});
