import { en } from '@regie/contract/i18n/en';
import type { LiveHealth } from '@regie/contract/live';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../i18n/use-t.ts';
import { healthTexts } from './health-format.ts';

/** The English catalog with its {{placeholders}} filled, as i18next does. */
const t: Translate = (key, values) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values?.[name] ?? ''));

const live: LiveHealth = {
  inputId: 1,
  state: 'live',
  connected: true,
  bitrate: 1_234_567,
  fps: 29.97,
  width: 1280,
  height: 720,
  videoCodec: 'H.264',
  audioCodec: 'AAC',
  lastFrameAt: null,
  dropped: 0,
  segments: 3,
};

describe('healthTexts', () => {
  it('words a connected input’s bitrate, frame rate, resolution and codecs', () => {
    expect(healthTexts(live, t)).toEqual({
      connected: true,
      bitrate: '1235 kbit/s',
      fps: '30 fps',
      resolution: '1280×720',
      codecs: 'H.264 / AAC',
    });
  });
  it('shows no bitrate once disconnected, and dashes for what is unknown', () => {
    const idle = { ...live, connected: false, state: 'idle' as const, fps: null, width: null, height: null };
    expect(healthTexts({ ...idle, videoCodec: null, audioCodec: null }, t)).toEqual({
      connected: false,
      bitrate: '—',
      fps: '—',
      resolution: '—',
      codecs: '—',
    });
    expect(healthTexts(null, t).bitrate).toBe('—');
  });
});
