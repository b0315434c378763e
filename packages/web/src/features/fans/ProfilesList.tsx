import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useProfiles } from './fans-calls.ts';

export const profileEditPath = (id: number) => `/crm/fanProfiles/edit/${id}`;

/** /crm/fanProfiles/list: the account's fan profiles (segments) and how many fans each holds now. */
export function ProfilesList() {
  const t = useT();
  const profiles = useProfiles();
  const rows = profiles.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={640}>
          {t('fans.profiles.intro')}
        </Text>
        <Button component={Link} to="/crm/fanProfiles/new">
          {t('fans.profiles.new')}
        </Button>
      </Group>
      {profiles.isError && <Alert color="red">{t('fans.profiles.error')}</Alert>}
      {profiles.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {profiles.data && rows.length === 0 && <Text c="dimmed">{t('fans.profiles.empty')}</Text>}
      {rows.length > 0 && (
        <Table striped highlightOnHover aria-label={t('menu.crm.fanProfiles')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fans.profiles.name')}</Table.Th>
              <Table.Th>{t('fans.profiles.description')}</Table.Th>
              <Table.Th>{t('fans.profiles.members')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((profile) => (
              <Table.Tr key={profile.id}>
                <Table.Td>
                  <Anchor component={Link} to={profileEditPath(profile.id)}>
                    {profile.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{profile.description}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/crm/fans/list?profileId=${profile.id}`}>
                    {t('fans.profiles.memberCount', { count: profile.memberCount })}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
