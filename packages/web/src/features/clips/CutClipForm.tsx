import { Button, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { IconScissors, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { ClipLookSelects } from './ClipLookSelects.tsx';
import { snapToStep } from './clip-range.ts';
import { InOutFields } from './InOutFields.tsx';
import type { ClipCut } from './use-clip-cut.ts';

interface Props {
  source: ClipSource;
  cut: ClipCut;
  onChangeSource: () => void;
}

/** The source in the player, the in and out points, the template, skin and title, and the cut button. */
export function CutClipForm({ source, cut, onChangeSource }: Props) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const duration = source.duration;
  return (
    <form onSubmit={cut.submit} noValidate aria-labelledby="cut-clip-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="cut-clip-title">
            {t('clips.ui.cutFrom', { title: source.title })}
          </Title>
          <Button variant="subtle" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={onChangeSource}>
            {t('clips.ui.changeSource')}
          </Button>
        </Group>
        {source.playback ? (
          <VideoPlayer key={source.id} playback={source.playback} title={source.title} mediaRef={media} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('clips.ui.noPlayback')}
          </Text>
        )}
        <Grid gap="md" align="flex-start">
          <InOutFields
            inPoint={cut.inPoint}
            outPoint={cut.outPoint}
            duration={duration}
            inHint={t('clips.ui.secondsHint')}
            outHint={t('clips.ui.secondsHint')}
            playhead={() => (media.current ? snapToStep(media.current.currentTime) : null)}
          />
          <ClipLookFields source={source} cut={cut} />
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconScissors size={16} aria-hidden />} loading={cut.submitting}>
            {t('clips.ui.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the clip looks like and is called: its template (which brings its skin), its skin, its title. */
function ClipLookFields({ source, cut }: Pick<Props, 'source' | 'cut'>) {
  const t = useT();
  return (
    <>
      <ClipLookSelects template={cut.template} skin={cut.skin} />
      <Grid.Col span={12}>
        <TextInput
          label={t('clips.ui.clipTitle')}
          placeholder={t('clips.ui.clipTitlePlaceholder', { title: source.title })}
          value={cut.title.value}
          maxLength={VIDEO_TITLE_MAX}
          onChange={(event) => cut.title.set(event.currentTarget.value)}
        />
      </Grid.Col>
    </>
  );
}
