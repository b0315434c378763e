import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ACTING_LIMITS } from '@regie/contract/acting';
import { IconBuildingStore } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../api/action.ts';
import type { SimulatedAccount } from '../../api/client.ts';
import { T } from '../../i18n/T.tsx';
import { useT } from '../../i18n/use-t.ts';
import { homepageOf } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { actForAccount } from '../../session/session-actions.ts';
import type { SessionUser } from '../../session/session-store.ts';
import { AccountSearch } from '../../widgets/AccountSearch.tsx';
import { closeDialog, openDialog } from '../../widgets/overlays.tsx';
import { StopActingButton } from './ActingBanner.tsx';

/** The screens of the new account start from its home page: the current one may not exist there. */
function useHomeAfter() {
  const navigate = useNavigate();
  return (user: SessionUser | null) => user && navigate(homepageOf(user));
}

/**
 * Issue 26: acting for an account needs a reason (a ticket number, a few words), recorded in the
 * account's audit trail with the start and the end; read-only looks without changing anything.
 */
export function ActingDialog({ account }: { account: SimulatedAccount }) {
  const t = useT();
  const home = useHomeAfter();
  const [reason, setReason] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [missing, setMissing] = useState(false);
  const act = useAction(actForAccount, {
    pending: false,
    success: false,
    onSuccess: (user) => {
      closeDialog();
      home(user);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    act.mutate({ account, reason: reason.trim(), readOnly });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <T k="acting.dialog.intro" />
        </Text>
        <TextInput
          label={t('acting.reason.label')}
          description={t('acting.reason.description')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('acting.reason.required') : undefined}
          maxLength={ACTING_LIMITS.reasonMax}
          required
          data-autofocus
        />
        <Checkbox
          label={t('acting.readOnly.label')}
          description={t('acting.readOnly.description')}
          checked={readOnly}
          onChange={(event) => setReadOnly(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={closeDialog}>
            <T k="acting.cancel" />
          </Button>
          <Button type="submit" loading={act.isPending}>
            <T k="acting.confirm" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the reason dialog for the account picked in the selector. */
export function askActingReason(account: SimulatedAccount, title: string): void {
  openDialog({ title, content: <ActingDialog account={account} /> });
}

/**
 * Below the sub-menu, for platform admins (spec §2): pick a customer account to act for, with a
 * reason, or stop. Every query then runs again for that account (see `actForAccount`).
 */
export function AccountSelector() {
  const t = useT();
  const { simulatedAccount } = useSession();

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
            <StopActingButton size="xs" label="account.select.exit" />
          </Stack>
        </Paper>
      )}
      <AccountSearch
        onSelect={(account) => askActingReason(account, t('acting.dialog.title', { account: account.name }))}
      />
    </Stack>
  );
}
