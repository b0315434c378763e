import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import { MarkerTypeIcon } from './MarkerTypeIcon.tsx';
import { useMadeMarkers } from './made-markers.ts';
import type { MarkerTypeView } from './marker-calls.ts';
import { formatMarkerTime } from './marker-time.ts';

/**
 * What the operator's last marker keys made, newest first (in bold), on one line by the player
 * where they look: each marker's type (or label) and its time. Read out as it changes (a polite live region).
 */
export function MarkerFeedback({
  eventId,
  types,
  waiting = false,
}: {
  eventId: number;
  types: readonly MarkerTypeView[];
  /** The player's frame has no time yet: keys drop nothing until it plays. */
  waiting?: boolean;
}) {
  const t = useT();
  const { i18n } = useTranslation();
  const made = useMadeMarkers(eventId);
  return (
    <section aria-labelledby="marker-made-title" data-testid="marker-made">
      <Text id="marker-made-title" size="xs" c="dimmed">
        {t('markers.ui.madeTitle')}
      </Text>
      <Group gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
        {made.length === 0 ? (
          <Text size="sm" c="dimmed" component="li">
            {waiting ? t('controlRoom.markersWaiting') : t('markers.ui.madeNone')}
          </Text>
        ) : (
          made.map((marker, index) => {
            const type = types.find((candidate) => candidate.id === marker.markerTypeId);
            const name = marker.label || type?.name || t('markers.ui.untitled');
            return (
              <Group key={marker.id} gap={6} component="li" wrap="nowrap">
                <MarkerTypeIcon type={type} size={16} />
                <Text size="sm" fw={index === 0 ? 700 : 400} c={index === 0 ? undefined : 'dimmed'}>
                  {t('markers.ui.pointLabel', { name, time: formatMarkerTime(marker.timeSeconds, i18n.language) })}
                </Text>
              </Group>
            );
          })
        )}
      </Group>
    </section>
  );
}
