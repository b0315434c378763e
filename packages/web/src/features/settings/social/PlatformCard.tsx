import { Avatar, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { SOCIAL_PLATFORM_NAMES, type SocialLink, type SocialPlatformStatus } from '@regie/contract/social';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { ConfirmDialog } from '../../../widgets/ConfirmDialog.tsx';
import { LinkStateBadge } from './LinkStateBadge.tsx';
import { PLATFORM_ICONS } from './platform-display.ts';
import { useSocialActions } from './social-calls.ts';
import { TargetPicker } from './TargetPicker.tsx';

/**
 * One platform of the user's social networks: whether this server can link it (`off`: no app
 * credentials; `local`: Regie's stand-in, said plainly), and the user's link to it with what
 * can be done: connect, reconnect an expired or refused link, choose its page or channel,
 * disconnect. A link an administrator disabled can only be disconnected.
 */
export function PlatformCard({ status }: { status: SocialPlatformStatus }) {
  const t = useT();
  const { platform, mode, link } = status;
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const PlatformIcon = PLATFORM_ICONS[platform];
  const headingId = `social-${platform}-title`;
  const localId = `social-${platform}-local`;
  const actions = useSocialActions(platform);
  const local = mode === 'local' || link?.local === true;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      aria-describedby={local ? localId : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color={link?.state === 'active' ? 'teal' : 'gray'}>
              <PlatformIcon size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4" id={headingId}>
              {name}
            </Title>
          </Group>
          {local && (
            <Badge
              size="lg"
              radius="sm"
              tt="none"
              variant="outline"
              color="grape.9"
              leftSection={<IconFlask size={14} aria-hidden />}
            >
              {t('settings.social.local')}
            </Badge>
          )}
        </Group>
        {local && (
          <Text size="sm" c="dimmed" id={localId}>
            {mode === 'local' ? t('settings.social.localHint', { name }) : t('settings.social.localLinkHint', { name })}
          </Text>
        )}
        {mode === 'off' && (
          <Text size="sm" c="dimmed">
            {t('settings.social.off')}
          </Text>
        )}
        {link ? (
          <LinkDetails link={link} canConnect={mode !== 'off'} actions={actions} />
        ) : (
          <>
            <Text size="sm">{t('settings.social.notLinked')}</Text>
            {mode !== 'off' && (
              <Group>
                <Button
                  onClick={() => actions.connect.mutate(undefined)}
                  loading={actions.connect.isPending}
                  aria-label={t('settings.social.connectNamed', { name })}
                >
                  {t('settings.social.connect')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

interface LinkDetailsProps {
  link: SocialLink;
  /** False when the server can no longer link the platform (no reconnecting then). */
  canConnect: boolean;
  actions: ReturnType<typeof useSocialActions>;
}

/** The linked account: its picture and name, its state and why, what it publishes to, and its buttons. */
function LinkDetails({ link, canConnect, actions }: LinkDetailsProps) {
  const t = useT();
  const name = SOCIAL_PLATFORM_NAMES[link.platform];
  const [confirming, setConfirming] = useState(false);
  const { state } = link;
  const broken = state === 'expired' || state === 'refused';
  // The server's reason comes in the user's language; a disabled link always says who disabled it.
  const reason =
    state === 'disabled'
      ? t('settings.social.disabledHint')
      : state === 'expired' || state === 'refused'
        ? (link.reason ?? t(`settings.social.reason.${state}`, { name }))
        : null;

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar
          src={link.pictureUrl}
          alt={link.accountName}
          name={link.accountName}
          color="initials"
          radius="xl"
          size="md"
        />
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('settings.social.linkedAs')}
          </Text>
          <Text fw={600} truncate="end">
            {link.accountName}
          </Text>
        </div>
        <LinkStateBadge state={link.state} />
      </Group>
      {reason && (
        <Text size="sm" c={link.state === 'disabled' ? 'dimmed' : 'red.9'}>
          {reason}
        </Text>
      )}
      {link.state !== 'disabled' && <TargetPicker link={link} />}
      <Group gap="sm">
        {broken && canConnect && (
          <Button
            onClick={() => actions.connect.mutate(undefined)}
            loading={actions.connect.isPending}
            aria-label={t('settings.social.reconnectNamed', { name })}
          >
            {t('settings.social.reconnect')}
          </Button>
        )}
        <Button
          variant="outline"
          color="red.8"
          onClick={() => setConfirming(true)}
          aria-label={t('settings.social.disconnectNamed', { name })}
        >
          {t('settings.social.disconnect')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('settings.social.disconnectConfirm', { name })}
        confirmLabel={t('settings.social.disconnect')}
        danger
        busy={actions.disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => actions.disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <Text size="sm">{t('settings.social.disconnectText', { name })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
