import { Button, Grid, Group, TextInput } from '@mantine/core';
import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { IconArrowBarToLeft, IconArrowBarToRight, IconScissors } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { ClipLookSelects } from '../clips/ClipLookSelects.tsx';
import { PointField } from '../clips/PointField.tsx';
import type { ConferenceClip } from './use-conference-clip.ts';

interface Props {
  cut: ConferenceClip;
  duration: number | null;
  /** The player's position, or null without a player. */
  playhead: () => number | null;
}

/** The in and out points, the template, skin and title, and the button cutting the range. */
export function ConferenceClipFields({ cut, duration, playhead }: Props) {
  const t = useT();
  const fromPlayhead = (set: (value: number) => void) => {
    const at = playhead();
    if (at !== null) set(at);
  };
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PointField
          label={t('clips.ui.in')}
          description={t('conferences.clip.inHint')}
          value={cut.inPoint.value}
          onChange={cut.inPoint.set}
          max={duration}
          error={cut.inPoint.error ? t(cut.inPoint.error) : undefined}
          setLabel={t('clips.ui.setIn')}
          icon={<IconArrowBarToRight size={16} aria-hidden />}
          onSet={() => fromPlayhead(cut.inPoint.set)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PointField
          label={t('clips.ui.out')}
          description={
            duration === null ? t('conferences.clip.outHint') : t('clips.ui.lasts', { total: formatClock(duration) })
          }
          value={cut.outPoint.value}
          onChange={cut.outPoint.set}
          max={duration}
          error={cut.outPoint.error ? t(cut.outPoint.error) : undefined}
          setLabel={t('clips.ui.setOut')}
          icon={<IconArrowBarToLeft size={16} aria-hidden />}
          onSet={() => fromPlayhead(cut.outPoint.set)}
        />
      </Grid.Col>
      <ClipLookSelects template={cut.template} skin={cut.skin} />
      <Grid.Col span={12}>
        <TextInput
          label={t('clips.ui.clipTitle')}
          description={t('conferences.clip.titleHint')}
          value={cut.title.value}
          maxLength={VIDEO_TITLE_MAX}
          onChange={(event) => cut.title.set(event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Group justify="flex-end">
          <Button
            leftSection={<IconScissors size={16} aria-hidden />}
            loading={cut.submitting}
            onClick={() => void cut.cutRange()}
          >
            {t('conferences.clip.cutRange')}
          </Button>
        </Group>
      </Grid.Col>
    </Grid>
  );
}
