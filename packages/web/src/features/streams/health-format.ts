import type { LiveHealth } from '@regie/contract/live';
import type { Translate } from '../../i18n/use-t.ts';

/**
 * An input's health in words, as the health panel (StreamHealthPanel) and the live tabs' camera
 * lines (features/live) show it: '—' for what is not known.
 */
export function healthTexts(health: LiveHealth | null, t: Translate) {
  const none = t('streams.health.none');
  const connected = health?.connected === true;
  return {
    connected,
    bitrate: connected && health ? t('streams.health.kbps', { value: Math.round(health.bitrate / 1000) }) : none,
    fps: health?.fps ? t('streams.health.fpsValue', { value: Math.round(health.fps * 10) / 10 }) : none,
    resolution: health?.width && health.height ? `${health.width}×${health.height}` : none,
    codecs: [health?.videoCodec, health?.audioCodec].filter(Boolean).join(' / ') || none,
  };
}
