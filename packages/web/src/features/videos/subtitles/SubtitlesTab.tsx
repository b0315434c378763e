import { Grid, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { isOneOf } from '@regie/contract/guards';
import { SUBTITLE_LANGUAGES, type SubtitleLanguage } from '@regie/contract/videos';
import { useSearchParams } from 'react-router';
import { LANGUAGE_LABELS } from '../../../i18n/language-labels.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { TabPanelProps } from '../../../resources/customization.ts';
import { VideoPlayer } from '../../../widgets/player/VideoPlayer.tsx';
import { playbackOf } from '../video-fields.ts';
import { LanguageSubtitles } from './LanguageSubtitles.tsx';

/** The language being edited, kept in the address (`?language=fr`). */
const LANGUAGE_PARAM = 'language';

/**
 * The subtitles tab of a video: the cues of each language (en, fr) beside the player, which
 * offers the saved tracks in its captions menu. The language chosen is in the address: it stays
 * when the tab is drawn again (the video read again once a job of it ends) and after a reload.
 */
export function SubtitlesTab({ record, canWrite }: TabPanelProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get(LANGUAGE_PARAM);
  const language: SubtitleLanguage = isOneOf(SUBTITLE_LANGUAGES, asked) ? asked : 'en';
  const setLanguage = (next: SubtitleLanguage) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.set(LANGUAGE_PARAM, next);
        return changed;
      },
      { replace: true },
    );
  const languages = (record.subtitleLanguages as readonly string[] | undefined) ?? [];
  const playback = playbackOf(record);
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="subtitles-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="subtitles-title">
              {t('videos.subtitles.title')}
            </Title>
            <SegmentedControl
              aria-label={t('videos.subtitles.language')}
              value={language}
              onChange={(value) => isOneOf(SUBTITLE_LANGUAGES, value) && setLanguage(value)}
              data={SUBTITLE_LANGUAGES.map((code) => ({
                value: code,
                label: `${t(LANGUAGE_LABELS[code])}${languages.includes(code) ? ' ✓' : ''}`,
              }))}
              w="fit-content"
            />
            <LanguageSubtitles
              key={language}
              videoId={record.id}
              language={language}
              exists={languages.includes(language)}
              canWrite={canWrite}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        {playback ? (
          // A new set of tracks (saved, deleted) remounts the player so the browser reads them again.
          <VideoPlayer
            key={`${languages.join(',')}:${String(record.updatedAt)}`}
            playback={playback}
            title={String(record.title ?? '')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('videos.subtitles.noPlayer')}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
