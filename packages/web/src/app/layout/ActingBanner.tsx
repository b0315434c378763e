import { Badge, Button, Group, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { IconBuildingStore, IconEye, IconLogout2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useAction } from '../../api/action.ts';
import { T } from '../../i18n/T.tsx';
import { useT } from '../../i18n/use-t.ts';
import { homepageOf } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { stopActing } from '../../session/session-actions.ts';

/** Ends acting for the account (the server's acting session too), back to the admin's home page. */
export function StopActingButton({ size, label }: { size: 'xs' | 'compact-sm'; label: MessageKey }) {
  const navigate = useNavigate();
  const stop = useAction(stopActing, {
    pending: false,
    success: false,
    onSuccess: (updated) => updated && navigate(homepageOf(updated)),
  });
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconLogout2 size={16} aria-hidden />}
      loading={stop.isPending}
      onClick={() => stop.mutate(undefined)}
    >
      <T k={label} />
    </Button>
  );
}

/**
 * Issue 26: on every page while a platform administrator acts for an account, whose it is, the
 * reason they gave, the read-only mode, and the way out.
 */
export function ActingBanner() {
  const t = useT();
  const { user, simulatedAccount } = useSession();
  if (!user?.simulated || !simulatedAccount) return null;
  const acting = user.acting;
  return (
    <section
      aria-label={t('acting.banner.label')}
      style={{
        background: 'var(--mantine-color-yellow-1)',
        borderBottom: '1px solid var(--mantine-color-yellow-4)',
        padding: '6px 16px',
      }}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <IconBuildingStore size={18} aria-hidden />
          <Text size="sm" fw={600}>
            <T k="acting.banner.text" values={{ account: simulatedAccount.name }} />
          </Text>
          {acting && (
            <Text size="sm" c="dark.6">
              <T k="acting.banner.reason" values={{ reason: acting.reason }} />
            </Text>
          )}
          {acting?.readOnly && (
            <Badge color="gray" variant="filled" leftSection={<IconEye size={14} aria-hidden />}>
              <T k="acting.banner.readOnly" />
            </Badge>
          )}
        </Group>
        <StopActingButton size="compact-sm" label="acting.stop" />
      </Group>
    </section>
  );
}
