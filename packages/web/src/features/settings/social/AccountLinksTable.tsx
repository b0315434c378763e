import { Alert, Button, Paper, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { SOCIAL_PLATFORM_NAMES, type SocialLink } from '@regie/contract/social';
import { IconAlertCircle } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { LinkStateBadge } from './LinkStateBadge.tsx';
import { useAccountLinkSwitch, useAccountLinks } from './social-calls.ts';

const TITLE_ID = 'social-account-links-title';

/**
 * For the account's administrators: every link its people made (who, which platform, which
 * account and page, its state; never a token), each with a switch to turn it off or on again.
 */
export function AccountLinksTable() {
  const t = useT();
  const links = useAccountLinks(true);
  const toggle = useAccountLinkSwitch();

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="md">
        <Title order={2} size="h4" id={TITLE_ID}>
          {t('settings.social.admin.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.social.admin.intro')}
        </Text>
        {links.isPending && <Skeleton h={120} radius="md" />}
        {links.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('resource.common.loadFailed')}
          >
            <Text size="sm">{links.error.message}</Text>
            <Button variant="default" size="xs" mt="sm" onClick={() => void links.refetch()}>
              {t('app.retry')}
            </Button>
          </Alert>
        )}
        {links.isSuccess && links.data.length === 0 && <Text size="sm">{t('settings.social.admin.empty')}</Text>}
        {links.isSuccess && links.data.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-labelledby={TITLE_ID}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('settings.social.admin.user')}</Table.Th>
                  <Table.Th scope="col">{t('settings.social.admin.platform')}</Table.Th>
                  <Table.Th scope="col">{t('settings.social.admin.account')}</Table.Th>
                  <Table.Th scope="col">{t('settings.social.admin.target')}</Table.Th>
                  <Table.Th scope="col">{t('settings.social.admin.state')}</Table.Th>
                  <Table.Th scope="col">{t('settings.social.admin.enabled')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.map((link) => (
                  <LinkRow
                    key={link.id}
                    link={link}
                    busy={toggle.isPending && toggle.variables?.link.id === link.id}
                    onSwitch={(disabled) => toggle.mutate({ link, disabled })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

interface RowProps {
  link: SocialLink;
  busy: boolean;
  onSwitch: (disabled: boolean) => void;
}

function LinkRow({ link, busy, onSwitch }: RowProps) {
  const t = useT();
  const platform = SOCIAL_PLATFORM_NAMES[link.platform];
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {link.userName}
      </Table.Th>
      <Table.Td>{platform}</Table.Td>
      <Table.Td>{link.accountName}</Table.Td>
      <Table.Td>
        {link.targetName ?? (
          <Text span c="dimmed" size="sm">
            {t('settings.social.admin.none')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <LinkStateBadge state={link.state} />
      </Table.Td>
      <Table.Td>
        <Switch
          checked={link.state !== 'disabled'}
          disabled={busy}
          onChange={(event) => onSwitch(!event.currentTarget.checked)}
          aria-label={t('settings.social.admin.enabledFor', {
            platform,
            user: link.userName,
            account: link.accountName,
          })}
        />
      </Table.Td>
    </Table.Tr>
  );
}
