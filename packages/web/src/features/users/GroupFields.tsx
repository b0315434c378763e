import { Checkbox, Input, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import { paths } from '@regie/contract/api';
import type { MeResponse } from '@regie/contract/auth';
import { ADMIN_ROLE, rolesAvailableFor } from '@regie/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { useAccessSubject } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { useRoleName } from './UserFields.tsx';

type ModuleRef = MeResponse['Modules'][number];

/** The modules of an account (GET accounts/{id}/modules): they decide which roles its groups may give. */
function useAccountModules(accountId: number | null) {
  const client = useApi();
  return useQuery({
    queryKey: queryKeys.accountModules(accountId),
    queryFn: ({ signal }) => client.get<ModuleRef[]>(paths.accountModules(accountId ?? 0), undefined, { signal }),
    enabled: accountId !== null,
    staleTime: 60_000,
  });
}

/**
 * The roles a group gives, as a list of checkboxes: those the account may use (contract
 * `rolesAvailableFor` with the account's modules), plus those the group already gives. The
 * platform admin role only for platform admins.
 */
export function RolesInput({ label, value, onChange, onBlur, disabled, error, record }: FieldInputProps) {
  const t = useT();
  const roleName = useRoleName();
  const { user } = useSession();
  const admin = isPlatformAdmin(useAccessSubject());
  const accountId = typeof record?.AccountId === 'number' ? record.AccountId : (user?.account.id ?? null);
  const modules = useAccountModules(accountId);
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const available = rolesAvailableFor((modules.data ?? []).map((module) => module.code)).filter(
    (role) => admin || role !== ADMIN_ROLE,
  );
  const offered = [...new Set<string>([...available, ...chosen])].sort((a, b) =>
    roleName(a).localeCompare(roleName(b)),
  );

  return (
    <Checkbox.Group
      label={label}
      description={t('resource.groups.rolesHint')}
      value={chosen}
      onChange={onChange}
      error={error}
      onBlur={onBlur}
    >
      {modules.isPending ? (
        <Skeleton h={96} mt="xs" aria-label={t('app.loading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="sm" mt="xs">
          {offered.map((role) => (
            <Checkbox
              key={role}
              value={role}
              disabled={disabled || (role === ADMIN_ROLE && !admin)}
              label={roleName(role)}
              description={
                <Text span size="xs" c="dimmed" ff="monospace">
                  {role}
                </Text>
              }
            />
          ))}
        </SimpleGrid>
      )}
      {modules.isError && <Input.Error mt="xs">{modules.error.message}</Input.Error>}
    </Checkbox.Group>
  );
}
