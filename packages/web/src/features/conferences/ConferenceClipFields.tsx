import { Button, Grid, Group, TextInput } from '@mantine/core';
import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { IconScissors } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { ClipLookSelects } from '../clips/ClipLookSelects.tsx';
import { InOutFields } from '../clips/InOutFields.tsx';
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
  return (
    <Grid gap="md" align="flex-start">
      <InOutFields
        inPoint={cut.inPoint}
        outPoint={cut.outPoint}
        duration={duration}
        inHint={t('conferences.clip.inHint')}
        outHint={t('conferences.clip.outHint')}
        playhead={playhead}
      />
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
