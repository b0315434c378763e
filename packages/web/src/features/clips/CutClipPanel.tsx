import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { useT } from '../../i18n/use-t.ts';
import { CutClipForm } from './CutClipForm.tsx';
import { SourcePicker } from './SourcePicker.tsx';
import { useClipCut } from './use-clip-cut.ts';
import { VideoClipsList } from './VideoClipsList.tsx';

interface Props {
  source: ClipSource | null;
  onSourceChange: (source: ClipSource | null) => void;
}

/**
 * Cuts a clip: the source video in the player, in and out points (from the playhead or typed,
 * on the 0.04 s step), a template (which brings its skin) or a skin, a title; the new clip's job
 * then reports live, and the clips of the source are listed with a player.
 */
export function CutClipPanel({ source, onSourceChange }: Props) {
  const t = useT();
  const cut = useClipCut(source);

  if (!source) {
    return (
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="cut-clip-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="cut-clip-title">
            {t('clips.ui.cutTitle')}
          </Title>
          <SourcePicker onSelect={onSourceChange} />
          <Text size="sm" c="dimmed">
            {t('clips.ui.pickSource')}
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="cut-clip-title">
        <CutClipForm source={source} cut={cut} onChangeSource={() => onSourceChange(null)} />
      </Paper>
      <VideoClipsList sourceId={source.id} />
    </Stack>
  );
}
