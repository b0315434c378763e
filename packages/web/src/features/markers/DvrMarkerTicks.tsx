import { Box, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { MarkerRecord } from '@regie/contract/markers';
import { useT } from '../../i18n/use-t.ts';
import { placeTicks, TICK_ROOM_PX } from './dvr-ticks.ts';
import type { MarkerTypeView } from './marker-calls.ts';
import { markerPoints, UNTYPED_COLOR } from './marker-points.ts';
import { useMarkerPointLabel } from './use-point-label.ts';

const LANE_PX = 16;
const TICK_WIDTH_PX = 10;

/**
 * The event's markers as ticks on the live's DVR bar, under the program player: each where it
 * sits in the window the player can reach (seconds from the live's start), in its type's colour,
 * markers seconds apart in rows of their own (dvr-ticks.ts). A tick is a button: it seeks there.
 */
export function DvrMarkerTicks({
  markers,
  types,
  window,
  onSeek,
}: {
  markers: readonly MarkerRecord[];
  types: readonly MarkerTypeView[];
  window: { fromSeconds: number; toSeconds: number } | null;
  onSeek: (seconds: number) => void;
}) {
  const t = useT();
  const { ref, width } = useElementSize();
  const pointLabel = useMarkerPointLabel();
  const points = markerPoints(markers, types);
  const ticks = window
    ? placeTicks(points, (point) => point.time, { from: window.fromSeconds, to: window.toSeconds }, width)
    : [];
  const lanes = Math.max(1, ...ticks.map((tick) => tick.lane + 1));
  return (
    <Box>
      <Text size="xs" c="dimmed" id="dvr-ticks-title">
        {t('markers.ui.dvrTicks', { count: ticks.length })}
      </Text>
      <Box
        ref={ref}
        role="group"
        aria-labelledby="dvr-ticks-title"
        data-testid="dvr-ticks"
        pos="relative"
        h={lanes * LANE_PX + 4}
        style={{ borderRadius: 4, background: 'var(--mantine-color-gray-1)' }}
      >
        {ticks.map(({ item, percent, lane }) => (
          <UnstyledButton
            key={item.id}
            aria-label={pointLabel(item)}
            title={pointLabel(item)}
            data-testid="dvr-tick"
            onClick={() => onSeek(item.time)}
            pos="absolute"
            top={2 + lane * LANE_PX}
            left={`calc(${percent}% - ${TICK_WIDTH_PX / 2}px)`}
            w={TICK_WIDTH_PX}
            h={LANE_PX - 4}
            style={{
              borderRadius: 3,
              background: item.color || UNTYPED_COLOR,
              boxShadow: '0 0 0 1px var(--mantine-color-white)',
              minWidth: TICK_WIDTH_PX,
              maxWidth: TICK_ROOM_PX,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
