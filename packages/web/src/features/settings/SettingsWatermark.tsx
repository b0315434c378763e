import { Alert, Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { WATERMARK_CORNERS, WATERMARK_LIMITS, type WatermarkCorner, watermarkPaths } from '@regie/contract/watermark';
import type { WatermarkEncodings, WatermarkResponse, WatermarkSettings } from '@regie/contract/watermark.schemas';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { useActiveJobs } from '../../realtime/use-jobs.ts';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';
import { LabelledSlider } from '../../widgets/LabelledSlider.tsx';

const WATERMARK_KEY = ['watermark'] as const;
const TITLE_ID = 'playback-watermark-title';

const isCorner = (value: string | null): value is WatermarkCorner =>
  (WATERMARK_CORNERS as readonly (string | null)[]).includes(value);

const settingsOf = ({
  logoKey,
  corner,
  sizePercent,
  opacity,
  marginPercent,
}: WatermarkResponse): WatermarkSettings => ({
  logoKey,
  corner,
  sizePercent,
  opacity,
  marginPercent,
});

/**
 * The encodes under way in the account, live from the jobs' channel (as the video page shows its
 * own): how many, and their mean progress. When the last one ends the counts are read again.
 */
function EncodesUnderWay() {
  const t = useT();
  const queryClient = useQueryClient();
  const encodes = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE }).jobs.filter(
    (job) => job.type === VIDEO_JOB_TYPES.encode,
  );
  const count = encodes.length;
  useEffect(() => {
    if (count === 0) void queryClient.invalidateQueries({ queryKey: WATERMARK_KEY });
  }, [count, queryClient]);
  if (count === 0) return null;
  const progress = Math.round(encodes.reduce((sum, job) => sum + job.progress, 0) / count);
  const label = t('playback.watermark.progressLabel');
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{t('playback.watermark.encoding', { count })}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {progress} %
        </Text>
      </Group>
      {/* The section is the progressbar (the root is a plain group: axe refuses aria-valuetext on it). */}
      <Progress.Root>
        <Progress.Section value={progress} animated aria-label={label} aria-valuetext={`${progress} %`} />
      </Progress.Root>
    </Stack>
  );
}

/** How many videos show the current watermark, and the button that re-encodes the others. */
function OutOfDate({ stored }: { stored: WatermarkResponse }) {
  const t = useT();
  const api = useApi();
  const reencode = useAction(() => api.post<WatermarkEncodings>(watermarkPaths.encodings), {
    successText: (result, _input, translate) => translate('playback.watermark.queued', { count: result.queued }),
    invalidate: [WATERMARK_KEY],
  });
  const { encoded, outOfDate } = stored.videos;
  return (
    <Stack gap="xs" data-testid="watermark-videos">
      <Text size="sm">
        {outOfDate > 0
          ? t('playback.watermark.outOfDate', { count: outOfDate, total: encoded })
          : t('playback.watermark.upToDate', { total: encoded })}
      </Text>
      {outOfDate > 0 && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => reencode.mutate(undefined)}
            loading={reencode.isPending}
          >
            {t('playback.watermark.reencode')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('playback.watermark.reencodeHint')}
          </Text>
        </Group>
      )}
      <EncodesUnderWay />
    </Stack>
  );
}

function WatermarkForm({ stored }: { stored: WatermarkResponse }) {
  const t = useT();
  const api = useApi();
  const [draft, setDraft] = useState<WatermarkSettings>(() => settingsOf(stored));
  const save = useAction((body: WatermarkSettings) => api.put<WatermarkResponse>(watermarkPaths.settings, body), {
    success: 'playback.watermark.saved',
    invalidate: [WATERMARK_KEY],
  });
  const set = <K extends keyof WatermarkSettings>(field: K, value: WatermarkSettings[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const changed = JSON.stringify(draft) !== JSON.stringify(settingsOf(stored));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ImageUploadField
          label={t('playback.watermark.logo')}
          value={draft.logoKey}
          onChange={(key) => set('logoKey', key)}
          kind="logo"
          disabled={save.isPending}
        />
        <Text size="xs" c="dimmed" mt={-8}>
          {t('playback.watermark.logoHint')}
        </Text>
        <Select
          label={t('playback.watermark.corner')}
          data={WATERMARK_CORNERS.map((corner) => ({ value: corner, label: t(`playback.watermark.corner.${corner}`) }))}
          value={draft.corner}
          allowDeselect={false}
          onChange={(value) => isCorner(value) && set('corner', value)}
        />
        <LabelledSlider
          label={t('playback.watermark.size')}
          value={draft.sizePercent}
          onChange={(value) => set('sizePercent', value)}
          min={WATERMARK_LIMITS.sizePercent.min}
          max={WATERMARK_LIMITS.sizePercent.max}
          step={1}
        />
        <LabelledSlider
          label={t('playback.watermark.opacity')}
          value={draft.opacity}
          onChange={(value) => set('opacity', value)}
          min={WATERMARK_LIMITS.opacity.min}
          max={WATERMARK_LIMITS.opacity.max}
          step={0.05}
        />
        <LabelledSlider
          label={t('playback.watermark.margin')}
          value={draft.marginPercent}
          onChange={(value) => set('marginPercent', value)}
          min={WATERMARK_LIMITS.marginPercent.min}
          max={WATERMARK_LIMITS.marginPercent.max}
          step={0.5}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {t('playback.watermark.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Playback settings' watermark section (issue 47.4), for an account with WATERMARK: the logo
 * and where it goes, then how many videos show an older one and a button that encodes them again
 * (never done behind the user's back: an encode costs minutes per video), with the encodes' progress.
 */
export function SettingsWatermark() {
  const t = useT();
  const api = useApi();
  const stored = useQuery({
    queryKey: WATERMARK_KEY,
    queryFn: ({ signal }) => api.get<WatermarkResponse>(watermarkPaths.settings, undefined, { signal }),
  });
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4" id={TITLE_ID}>
            {t('playback.watermark.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('playback.watermark.intro')}
          </Text>
        </div>
        {stored.isError && (
          <Alert color="red" title={t('resource.common.loadFailed')}>
            <Button variant="default" size="xs" onClick={() => void stored.refetch()}>
              {t('app.retry')}
            </Button>
          </Alert>
        )}
        {stored.data && (
          <>
            <WatermarkForm key={`${stored.data.version}`} stored={stored.data} />
            <OutOfDate stored={stored.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
