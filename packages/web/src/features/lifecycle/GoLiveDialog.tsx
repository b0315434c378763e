import { Alert, Anchor, Badge, Button, Checkbox, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { GoLiveCheck, GoLiveFixKind, GoLiveStatus } from '@regie/contract/go-live';
import { warningsOf } from '@regie/contract/go-live';
import type { MessageKey } from '@regie/contract/i18n/en';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useGoLiveChecks, useGoLiveFix } from './go-live-calls.ts';
import { checkTabHref, mayGoLive } from './go-live-fixes.ts';

/** How often the open dialog reads the checks again: an encoder starting shows within this. */
const REFRESH_MS = 3_000;

const STATUS_LOOK: Readonly<Record<GoLiveStatus, { color: string; Icon: typeof IconCircleCheck }>> = {
  ok: { color: 'teal', Icon: IconCircleCheck },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  off: { color: 'gray', Icon: IconCircleMinus },
};

/** The button of each fix: the embed and the chat are both 'activateModules', told apart by their check. */
function fixLabel(check: GoLiveCheck): MessageKey {
  const kind: GoLiveFixKind | undefined = check.fix?.kind;
  if (kind === 'publish') return 'golive.fix.publish';
  if (kind === 'openVote') return 'golive.fix.openVote';
  if (kind === 'startTargets') return 'golive.fix.startTargets';
  return check.check === 'chat' ? 'golive.fix.chat' : 'golive.fix.embed';
}

function CheckLine({ eventId, check }: { eventId: number; check: GoLiveCheck }) {
  const t = useT();
  const fix = useGoLiveFix(eventId);
  // What the fix did, named when it ran (once mended, the check has no fix left to name it).
  const [done, setDone] = useState<MessageKey | null>(null);
  const { color, Icon } = STATUS_LOOK[check.status];
  const name = t(`golive.check.${check.check}`);
  const href = checkTabHref(eventId, check);
  const params = { count: check.count ?? 0, total: check.total ?? 0 };
  return (
    <List.Item
      icon={<Icon size={20} color={`var(--mantine-color-${color}-7)`} aria-hidden />}
      data-testid={`golive-${check.check}`}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Badge size="xs" variant="light" color={color} c="dark.7" tt="none">
              {t(`golive.status.${check.status}`)}
            </Badge>
          </Group>
          <Text size="sm">{t(`golive.reason.${check.reason}`, params)}</Text>
          {done && check.status === 'ok' && (
            <Text size="xs" c="teal.9" role="status">
              {t('golive.fixed', { what: t(done) })}
            </Text>
          )}
        </Stack>
        {check.status === 'warning' && check.fix ? (
          <Button
            size="xs"
            variant="light"
            loading={fix.isPending}
            onClick={() => {
              const label = fixLabel(check);
              fix.mutate(check, { onSuccess: () => setDone(label) });
            }}
          >
            {t(fixLabel(check))}
          </Button>
        ) : (
          check.status !== 'ok' &&
          href && (
            <Anchor component={Link} to={href} size="sm" aria-label={t('golive.setUpLabel', { check: name })}>
              {t('golive.setUp')}
            </Anchor>
          )
        )}
      </Group>
    </List.Item>
  );
}

/**
 * "Go live" for a sport event (issue 46.2): what fans will get, one line per check of GET
 * events/{id}/go-live-checks, each warning with its one-click fix or a link to its tab. With no
 * camera receiving, going live needs "Go live without a camera" ticked (the server refuses it
 * otherwise).
 */
export function GoLiveDialog({
  eventId,
  opened,
  busy,
  onCancel,
  onGoLive,
}: {
  eventId: number;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onGoLive: (withoutCamera: boolean) => void;
}) {
  const t = useT();
  const checks = useGoLiveChecks(eventId, { refetchIntervalMs: REFRESH_MS, enabled: opened });
  const [withoutCamera, setWithoutCamera] = useState(false);
  const data = checks.data;
  const warnings = data ? warningsOf(data.checks).length : 0;
  const close = () => {
    setWithoutCamera(false);
    onCancel();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{t('golive.title')}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('notification.close') }}
    >
      {checks.isError && (
        <Alert color="red" variant="light">
          {t('golive.loadFailed', { message: checks.error.message })}
        </Alert>
      )}
      {!data && !checks.isError && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('golive.loading')}</Text>
        </Group>
      )}
      {data && (
        <Stack gap="md">
          <Text size="sm" fw={600} data-testid="golive-summary">
            {warnings === 0 ? t('golive.allGood') : t('golive.warnings', { count: warnings })}
          </Text>
          <List spacing="sm" listStyleType="none" aria-label={t('golive.title')}>
            {data.checks.map((check) => (
              <CheckLine key={check.check} eventId={eventId} check={check} />
            ))}
          </List>
          {data.needsCameraConfirmation && (
            <Checkbox
              checked={withoutCamera}
              onChange={(event) => setWithoutCamera(event.currentTarget.checked)}
              label={t('golive.withoutCamera')}
              description={t('golive.withoutCameraHint')}
              color="red"
            />
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={close} data-autofocus>
          {t('resource.common.cancel')}
        </Button>
        <Button
          color="red"
          loading={busy}
          disabled={!data || !mayGoLive(data, withoutCamera)}
          onClick={() => onGoLive(data?.needsCameraConfirmation === true && withoutCamera)}
        >
          {t('golive.go')}
        </Button>
      </Group>
    </Modal>
  );
}
