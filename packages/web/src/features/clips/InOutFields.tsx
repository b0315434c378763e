import { Grid } from '@mantine/core';
import { IconArrowBarToLeft, IconArrowBarToRight } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { PointField } from './PointField.tsx';

/** An in or out point being edited: its seconds, its setter and its error (already translated). */
export interface ClipPoint {
  value: number | null;
  set: (value: number | null) => void;
  error: string | undefined;
}

interface Props {
  inPoint: ClipPoint;
  outPoint: ClipPoint;
  /** The source's length, or null when unknown. */
  duration: number | null;
  inHint: string;
  /** Shown under the out point when the length is unknown (else the length is). */
  outHint: string;
  /** The player's position, or null without a player. */
  playhead: () => number | null;
}

/** The in and out points of a clip side by side, each typed or taken from the playhead. */
export function InOutFields({ inPoint, outPoint, duration, inHint, outHint, playhead }: Props) {
  const t = useT();
  const fromPlayhead = (point: ClipPoint) => {
    const at = playhead();
    if (at !== null) point.set(at);
  };
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PointField
          label={t('clips.ui.in')}
          description={inHint}
          value={inPoint.value}
          onChange={inPoint.set}
          max={duration}
          error={inPoint.error}
          setLabel={t('clips.ui.setIn')}
          icon={<IconArrowBarToRight size={16} aria-hidden />}
          onSet={() => fromPlayhead(inPoint)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PointField
          label={t('clips.ui.out')}
          description={duration === null ? outHint : t('clips.ui.lasts', { total: formatClock(duration) })}
          value={outPoint.value}
          onChange={outPoint.set}
          max={duration}
          error={outPoint.error}
          setLabel={t('clips.ui.setOut')}
          icon={<IconArrowBarToLeft size={16} aria-hidden />}
          onSet={() => fromPlayhead(outPoint)}
        />
      </Grid.Col>
    </>
  );
}
