import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { effectiveGrants } from '@regie/contract/access';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { publishAspects } from '@regie/contract/publications';
import {
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  SOCIAL_SETTINGS_ROUTE,
  type SocialPlatform,
} from '@regie/contract/social';
import { type Aspect, VERTICAL_MODULE } from '@regie/contract/vertical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { DateTimeField } from '../../widgets/DateTimeField.tsx';
import { PLATFORM_ICONS } from '../settings/social/platform-display.ts';
import { useSocialLinks } from '../settings/social/social-calls.ts';
import { PostTextFields } from './PostTextFields.tsx';
import { usePublish } from './publication-calls.ts';
import {
  bodyOf,
  initialDraft,
  type PublishableVideo,
  type PublishDraft,
  problemsOf,
  readyToSend,
  serverErrorsByTarget,
  type TargetDraft,
  unavailableOf,
} from './publish-form.ts';

interface Props {
  video: PublishableVideo;
  opened: boolean;
  onClose: () => void;
}

/** A field's counter under it, as people type. */

/** The browser's time zone, named beside the scheduled time. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Publish" (issue 41 point 2): the user's linked accounts to choose from, for each a title and
 * caption counted as its platform counts them, the shape to send, then a thumbnail and now or a
 * time in the user's time zone. What a platform would refuse shows under its field before
 * anything is sent; the server's refusals land under the same fields.
 */
export function PublishDialog({ video, opened, onClose }: Props) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{t('publications.dialog.title', { title: video.title })}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('notification.close') }}
    >
      {opened && <PublishForm video={video} onDone={onClose} />}
    </Modal>
  );
}

function PublishForm({ video, onDone }: { video: PublishableVideo; onDone: () => void }) {
  const t = useT();
  const vertical = effectiveGrants(useAccessSubject()).modules.includes(VERTICAL_MODULE);
  const links = useSocialLinks();
  const publish = usePublish(video.id);
  const [draft, setDraft] = useState<PublishDraft>(() => initialDraft(video, vertical));
  const [refusals, setRefusals] = useState<ReturnType<typeof serverErrorsByTarget> | null>(null);
  const set = (next: Partial<PublishDraft>) => setDraft((current) => ({ ...current, ...next }));
  const setTarget = (platform: SocialPlatform, next: Partial<TargetDraft>) =>
    setDraft((current) => ({
      ...current,
      targets: { ...current.targets, [platform]: { ...current.targets[platform], ...next } },
    }));
  const toggle = (platform: SocialPlatform, on: boolean) =>
    setDraft((current) => ({
      ...current,
      chosen: on
        ? SOCIAL_PLATFORMS.filter((item) => item === platform || current.chosen.includes(item))
        : current.chosen.filter((item) => item !== platform),
    }));

  async function send() {
    setRefusals(null);
    try {
      await publish.mutateAsync(bodyOf(draft));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setRefusals(serverErrorsByTarget(draft, error.fieldErrors));
      }
    }
  }

  if (links.isPending) return <Skeleton h={160} />;
  if (links.isError)
    return (
      <Alert color="red" role="alert">
        {t('publications.dialog.linksFailed')}
      </Alert>
    );
  const statuses = links.data;
  const usable = SOCIAL_PLATFORMS.filter(
    (platform) => statuses.find((item) => item.platform === platform)?.mode !== 'off',
  );
  return (
    <Stack gap="md">
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>
          <Text fw={600} size="sm">
            {t('publications.dialog.targets')}
          </Text>
        </legend>
        <Stack gap="xs" mt="xs">
          {usable.map((platform) => (
            <TargetChoice
              key={platform}
              platform={platform}
              status={statuses.find((item) => item.platform === platform)}
              checked={draft.chosen.includes(platform)}
              onChange={(on) => toggle(platform, on)}
            />
          ))}
        </Stack>
      </fieldset>
      {draft.chosen.map((platform) => (
        <TargetFields
          key={platform}
          platform={platform}
          target={draft.targets[platform]}
          video={video}
          aspects={publishAspects(platform, video.ownAspect, vertical)}
          refused={refusals?.byTarget[platform] ?? {}}
          onChange={(next) => setTarget(platform, next)}
        />
      ))}
      <NumberInput
        label={t('publications.dialog.thumbnail')}
        description={t('publications.dialog.thumbnailHint')}
        placeholder={t('publications.dialog.thumbnailDefault')}
        min={0}
        max={Math.max(0, Math.floor(video.durationSeconds))}
        step={1}
        decimalScale={1}
        value={draft.thumbnailSeconds ?? ''}
        onChange={(value) => set({ thumbnailSeconds: typeof value === 'number' ? value : null })}
      />
      <Stack gap={6}>
        <Text fw={600} size="sm" id="publish-when">
          {t('publications.dialog.when')}
        </Text>
        <SegmentedControl
          aria-labelledby="publish-when"
          value={draft.when}
          onChange={(value) => set({ when: value === 'later' ? 'later' : 'now' })}
          data={[
            { value: 'now', label: t('publications.dialog.now') },
            { value: 'later', label: t('publications.dialog.later') },
          ]}
        />
        {draft.when === 'later' && (
          <DateTimeField
            label={t('publications.dialog.scheduledAt')}
            description={t('publications.dialog.timeZone', { zone: TIME_ZONE })}
            value={draft.scheduledAt}
            onChange={(value) => set({ scheduledAt: value })}
            minDate={new Date()}
            error={refusals?.other[0]}
          />
        )}
      </Stack>
      {refusals && refusals.other.length > 0 && draft.when === 'now' && (
        <Alert color="red" role="alert">
          {refusals.other.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('publications.dialog.cancel')}
        </Button>
        <Button onClick={() => void send()} loading={publish.isPending} disabled={!readyToSend(draft, video)}>
          {draft.when === 'later' ? t('publications.dialog.schedule') : t('publications.dialog.publish')}
        </Button>
      </Group>
    </Stack>
  );
}

function TargetChoice({
  platform,
  status,
  checked,
  onChange,
}: {
  platform: SocialPlatform;
  status: Parameters<typeof unavailableOf>[0];
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useT();
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const Icon = PLATFORM_ICONS[platform];
  const unavailable = unavailableOf(status);
  const link = status?.link;
  const where = link ? (link.targetName ?? link.accountName) : null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Checkbox
        checked={checked}
        disabled={unavailable !== null}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={
          <Group gap={6} wrap="nowrap">
            <Icon size={16} aria-hidden />
            <span>{where ? t('publications.dialog.targetNamed', { name, where }) : name}</span>
          </Group>
        }
        description={
          unavailable === null ? undefined : (
            <>
              {t(`publications.dialog.unavailable.${unavailable}`)}{' '}
              <Anchor component={Link} to={SOCIAL_SETTINGS_ROUTE} size="xs">
                {t('publications.dialog.openSettings')}
              </Anchor>
            </>
          )
        }
      />
    </Group>
  );
}

function TargetFields({
  platform,
  target,
  video,
  aspects,
  refused,
  onChange,
}: {
  platform: SocialPlatform;
  target: TargetDraft;
  video: PublishableVideo;
  aspects: Aspect[];
  refused: Record<string, string>;
  onChange: (next: Partial<TargetDraft>) => void;
}) {
  const t = useT();
  const { i18n } = useTranslation();
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const problems = problemsOf(platform, target, video);
  const say = (messages: Message[] | undefined, server: string | undefined) =>
    messages?.map((message) => renderMessage(message, i18n.language)).join(' ') || server || undefined;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={name} data-testid={`publish-${platform}`}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {name}
        </Text>
        <PostTextFields
          platform={platform}
          title={target.title}
          caption={target.caption}
          onChange={onChange}
          titleError={say(problems.title, refused.title)}
          captionError={say(problems.caption, refused.caption)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`publish-${platform}-aspect`}>
            {t('publications.dialog.aspect', { name })}
          </Text>
          {aspects.length > 0 ? (
            <SegmentedControl
              aria-labelledby={`publish-${platform}-aspect`}
              value={target.aspect}
              onChange={(value) => onChange({ aspect: value as Aspect })}
              data={aspects.map((aspect) => ({ value: aspect, label: aspect }))}
              size="xs"
            />
          ) : null}
          {(problems.aspect || refused.aspect) && (
            <Text size="xs" c="red.8">
              {say(problems.aspect, refused.aspect)}
            </Text>
          )}
        </Stack>
        {(problems.video || refused.platform || refused.video) && (
          <Text size="xs" c="red.8" role="alert">
            {say(problems.video, refused.platform ?? refused.video)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
