import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import type { TimelinePoint } from '../../widgets/timeline/Timeline.tsx';
import { formatMarkerTime } from './marker-time.ts';

/** How a marker on a timeline is named to assistive technology: its label and time. */
export function useMarkerPointLabel(): (point: TimelinePoint) => string {
  const t = useT();
  const { i18n } = useTranslation();
  return (point) =>
    t('markers.ui.pointLabel', {
      name: point.label || t('markers.ui.untitled'),
      time: formatMarkerTime(point.time, i18n.language),
    });
}
