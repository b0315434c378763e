import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { fillPath } from '@regie/contract/routes';
import { IconAlertCircle, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccountNames } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { ResourceList } from '../../resources/ResourceList.tsx';
import type { ResourceScreenProps } from '../../resources/resource-screens.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { type GroupRecord, useGroups } from './account-groups.ts';
import { useRoleName } from './UserFields.tsx';

export const GROUP_PATHS = { create: '/account/users/group/new', edit: '/account/users/group/:groupId' } as const;

/** /account/users/list: the account's users, then its groups (which give the users their roles). */
export function UsersListScreen(props: ResourceScreenProps) {
  return (
    <Stack gap="xl">
      <ResourceList {...props} />
      <GroupsSection canWrite={useResourceAccess(props.resource).canWrite} />
    </Stack>
  );
}

function GroupsSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const { groups, total, list } = useGroups();
  const access = useResourceAccess({ access: { read: {}, write: {} }, tenancy: 'account' });
  // Asked for here, alongside the groups, so the names are usually there when the table shows.
  const accountNames = useAccountNames(access.showAccount);

  return (
    <Paper withBorder radius="lg" shadow="xs" component="section" aria-labelledby="groups-title">
      <Group justify="space-between" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="sm">
          <IconUsersGroup size={22} aria-hidden color="var(--mantine-color-regie-8)" />
          <div>
            <Title order={2} size="h4" id="groups-title">
              {t('resource.groups.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('resource.groups.hint')}
            </Text>
          </div>
        </Group>
        {canWrite && (
          <Button component={Link} to={GROUP_PATHS.create} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('resource.groups.new')}
          </Button>
        )}
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light" m="md" icon={<IconAlertCircle aria-hidden />}>
          {t('resource.common.loadFailed')}: {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <Stack p="md" gap="sm" aria-busy aria-label={t('app.loading')}>
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : groups.length === 0 ? (
        <Text p="md" c="dimmed">
          {t('resource.groups.empty')}
        </Text>
      ) : (
        <GroupsTable groups={groups} showAccount={access.showAccount} accountNames={accountNames} />
      )}
      {total > groups.length && (
        <Text size="sm" c="dimmed" p="md">
          {t('resource.groups.more', { shown: groups.length, total })}
        </Text>
      )}
    </Paper>
  );
}

/** The groups, one row each: name (links to its edit page), roles, user count, and account for a platform admin. */
function GroupsTable({
  groups,
  showAccount,
  accountNames,
}: {
  groups: readonly GroupRecord[];
  showAccount: boolean;
  accountNames: ReadonlyMap<number, string>;
}) {
  const t = useT();
  const roleName = useRoleName();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('resource.groups.field.name')}</Table.Th>
            <Table.Th>{t('resource.groups.field.roles')}</Table.Th>
            <Table.Th>{t('resource.groups.field.users')}</Table.Th>
            {showAccount && <Table.Th>{t('resource.common.field.AccountId')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={fillPath(GROUP_PATHS.edit, { groupId: group.id })} fw={600}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {group.roles.length === 0 && (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                  {group.roles.map((role) => (
                    <Badge key={role} variant="light" radius="sm" tt="none">
                      {roleName(role)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{group.users.length}</Table.Td>
              {showAccount && (
                <Table.Td>
                  {group.AccountId === null ? '' : (accountNames.get(group.AccountId) ?? `#${group.AccountId}`)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
