import { Button, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { IconArrowBarToLeft, IconArrowBarToRight, IconScissors, IconX } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useResourceList } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { TEMPLATES_QUERY, templatesResource } from './ClipTemplatesPanel.tsx';
import { useCreateClip } from './clip-calls.ts';
import { CLIP_STEP_SECONDS, rangeErrors, snapToStep } from './clip-range.ts';
import { SourcePicker } from './SourcePicker.tsx';
import { VideoClipsList } from './VideoClipsList.tsx';

const skinsResource = clipSkinsResource;
const SKINS_QUERY = { offset: 0, limit: 100, sort: 'name', filters: { active: ['true'] } } as const;

interface Props {
  source: ClipSource | null;
  onSourceChange: (source: ClipSource | null) => void;
}

interface PointFieldProps {
  label: string;
  description: string;
  value: number | null;
  onChange: (value: number | null) => void;
  max: number | null;
  error: string | undefined;
  setLabel: string;
  icon: ReactNode;
  /** Takes the player's position. */
  onSet: () => void;
}

/** An in or out point: typed in seconds on the clip step, or taken from the playhead. */
function PointField({ label, description, value, onChange, max, error, setLabel, icon, onSet }: PointFieldProps) {
  return (
    <Stack gap={6} align="flex-start">
      <NumberInput
        label={label}
        description={description}
        value={value ?? ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
        min={0}
        max={max ?? undefined}
        step={CLIP_STEP_SECONDS}
        decimalScale={2}
        // Out of range stays as typed, with the reason shown, rather than silently changed.
        clampBehavior="none"
        error={error}
        w="100%"
      />
      <Button size="xs" variant="default" leftSection={icon} onClick={onSet}>
        {setLabel}
      </Button>
    </Stack>
  );
}

/**
 * Cuts a clip: the source video in the player, in and out points (from the playhead or typed,
 * on the 0.04 s step), a template (which brings its skin) or a skin, a title; the new clip's job
 * then reports live, and the clips of the source are listed with a player.
 */
export function CutClipPanel({ source, onSourceChange }: Props) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [skinId, setSkinId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const templates = useResourceList(templatesResource, TEMPLATES_QUERY);
  const skins = useResourceList(skinsResource, SKINS_QUERY);
  const create = useCreateClip(source?.id ?? null);
  const errors = rangeErrors(inSeconds, outSeconds, source?.duration ?? null);
  const shown = (key: keyof typeof errors) => (submitted && errors[key] ? t(errors[key]) : undefined);

  const fromPlayhead = (set: (value: number) => void) => {
    if (media.current) set(snapToStep(media.current.currentTime));
  };

  function chooseTemplate(value: string | null) {
    setTemplateId(value);
    const template = templates.data?.data.find((record) => String(record.id) === value);
    // The template brings its skin; the skin can still be changed after.
    if (template) setSkinId(typeof template.clipSkinId === 'number' ? String(template.clipSkinId) : null);
  }

  function reset() {
    setIn(null);
    setOut(null);
    setTitle('');
    setSubmitted(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!source || inSeconds === null || outSeconds === null || Object.keys(errors).length > 0) return;
    try {
      await create.mutateAsync({
        inSeconds,
        outSeconds,
        ...(title.trim() ? { title: title.trim() } : {}),
        clipSkinId: skinId === null ? null : Number(skinId),
        clipTemplateId: templateId === null ? null : Number(templateId),
      });
      reset();
    } catch {
      // The notification zone shows the server's message.
    }
  }

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

  const duration = source.duration;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="cut-clip-title">
        <form onSubmit={submit} noValidate aria-labelledby="cut-clip-title">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" id="cut-clip-title">
                {t('clips.ui.cutFrom', { title: source.title })}
              </Title>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => onSourceChange(null)}
              >
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
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PointField
                  label={t('clips.ui.in')}
                  description={t('clips.ui.secondsHint')}
                  value={inSeconds}
                  onChange={setIn}
                  max={duration}
                  error={shown('in')}
                  setLabel={t('clips.ui.setIn')}
                  icon={<IconArrowBarToRight size={16} aria-hidden />}
                  onSet={() => fromPlayhead(setIn)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PointField
                  label={t('clips.ui.out')}
                  description={
                    duration === null
                      ? t('clips.ui.secondsHint')
                      : t('clips.ui.lasts', { total: formatClock(duration) })
                  }
                  value={outSeconds}
                  onChange={setOut}
                  max={duration}
                  error={shown('out')}
                  setLabel={t('clips.ui.setOut')}
                  icon={<IconArrowBarToLeft size={16} aria-hidden />}
                  onSet={() => fromPlayhead(setOut)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('clips.ui.template')}
                  placeholder={t('clips.ui.noTemplate')}
                  data={(templates.data?.data ?? []).map((record) => ({
                    value: String(record.id),
                    label: String(record.name),
                  }))}
                  value={templateId}
                  onChange={chooseTemplate}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('clips.ui.skin')}
                  placeholder={t('clips.ui.noSkin')}
                  data={(skins.data?.data ?? []).map((record) => ({
                    value: String(record.id),
                    label: String(record.name),
                  }))}
                  value={skinId}
                  onChange={setSkinId}
                  clearable
                  disabled={skins.isError}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput
                  label={t('clips.ui.clipTitle')}
                  placeholder={t('clips.ui.clipTitlePlaceholder', { title: source.title })}
                  value={title}
                  maxLength={VIDEO_TITLE_MAX}
                  onChange={(event) => setTitle(event.currentTarget.value)}
                />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconScissors size={16} aria-hidden />} loading={create.isPending}>
                {t('clips.ui.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <VideoClipsList sourceId={source.id} />
    </Stack>
  );
}
