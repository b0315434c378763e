import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconLogout2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useAction } from '../../api/action.ts';
import { T } from '../../i18n/T.tsx';
import { homepageOf } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { selectAccount } from '../../session/session-actions.ts';
import { AccountSearch } from '../../widgets/AccountSearch.tsx';

/**
 * Below the sub-menu, for platform admins (spec §2): pick a customer account to act for, or
 * stop. Every query then runs again for that account (see `selectAccount`).
 */
export function AccountSelector() {
  const { simulatedAccount } = useSession();
  const navigate = useNavigate();
  // The screens of the new account start from its home page: the current one may not exist there.
  const select = useAction(selectAccount, {
    pending: false,
    success: false,
    onSuccess: (user) => user && navigate(homepageOf(user)),
  });

  return (
    <Stack gap="sm" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {simulatedAccount && (
        <Paper withBorder radius="md" p="sm" bg="regie.0">
          <Stack gap={6}>
            <Text size="xs" fw={600} tt="uppercase" c="regie.9">
              <T k="account.select.current" />
            </Text>
            <Text fw={600} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <IconBuildingStore size={18} aria-hidden />
              {simulatedAccount.name}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLogout2 size={16} aria-hidden />}
              loading={select.isPending}
              onClick={() => select.mutate(null)}
            >
              <T k="account.select.exit" />
            </Button>
          </Stack>
        </Paper>
      )}
      <AccountSearch onSelect={(account) => select.mutate(account)} />
    </Stack>
  );
}
