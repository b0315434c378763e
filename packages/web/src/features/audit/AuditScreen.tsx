import { Alert, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import { AUDIT_ACTIONS, AUDIT_OTHER_RESOURCES, type AuditAction, auditPaths } from '@regie/contract/audit';
import { isOneOf } from '@regie/contract/guards';
import { RESOURCE_NAMES } from '@regie/contract/resources/registry';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { SimulatedAccount } from '../../api/client.ts';
import { auditKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { AccountSearch } from '../../widgets/AccountSearch.tsx';
import { CsvExportButton } from '../../widgets/CsvExportButton.tsx';
import { AuditPagesView, useResourceName } from './AuditEntries.tsx';
import { type AuditFilters, auditQueryOf, useAuditPages } from './audit-calls.ts';

/** What the filter form holds: text as typed, turned into the query on apply. */
interface Draft {
  userId: string;
  account: Pick<SimulatedAccount, 'id' | 'name'> | null;
  resource: string;
  resourceId: string;
  action: string;
  /** `datetime-local` values, the browser's local time. */
  from: string;
  to: string;
}

const EMPTY: Draft = { userId: '', account: null, resource: '', resourceId: '', action: '', from: '', to: '' };

/** A positive whole number typed in a filter, else no filter. */
function idOf(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A `datetime-local` value as an ISO instant, else no filter. */
function instantOf(text: string): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The query of the form's values (contract auditQuery). */
export function filtersOf(draft: Draft): AuditFilters {
  const action: AuditAction | undefined = isOneOf(AUDIT_ACTIONS, draft.action) ? draft.action : undefined;
  return {
    userId: idOf(draft.userId),
    accountId: draft.account?.id,
    resource: draft.resource || undefined,
    resourceId: idOf(draft.resourceId),
    action,
    from: instantOf(draft.from),
    to: instantOf(draft.to),
  };
}

/**
 * /account/audit (issue 26 point 3): who did what, newest first, filtered by user, account
 * (platform administrators), resource, record, action and period; each row expands to its field
 * diffs; "Load more" reads the next keyset page; the CSV export takes the applied filters.
 */
export function AuditScreen() {
  const t = useT();
  const subject = useAccessSubject();
  // A platform administrator acting for no account reads every account (server auditScopeOf).
  const choosesAccount = isPlatformAdmin(subject) && !subject.simulatedAccount;
  const resourceName = useResourceName();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<AuditFilters>({});
  const pages = useAuditPages(auditKeys.list, applied);
  const entries = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);

  const resources = useMemo(
    () =>
      [...AUDIT_OTHER_RESOURCES, ...RESOURCE_NAMES]
        .map((name) => ({ value: name, label: resourceName(name) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [resourceName],
  );
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filtersOf(draft));
  };
  const reset = () => {
    setDraft(EMPTY);
    setApplied({});
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Text c="dimmed">{t('audit.intro')}</Text>
      <Paper withBorder radius="lg" p="md" component="form" onSubmit={apply} aria-label={t('audit.filters')}>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('audit.filter.userId')}
              inputMode="numeric"
              value={draft.userId}
              error={draft.userId.trim() !== '' && idOf(draft.userId) === undefined ? t('audit.filter.badId') : null}
              onChange={(event) => set('userId', event.currentTarget.value)}
              w={140}
            />
            <NativeSelect
              label={t('audit.filter.resource')}
              value={draft.resource}
              onChange={(event) => set('resource', event.currentTarget.value)}
              data={[{ value: '', label: t('audit.filter.any') }, ...resources]}
              w={220}
            />
            <TextInput
              label={t('audit.filter.resourceId')}
              inputMode="numeric"
              value={draft.resourceId}
              error={
                draft.resourceId.trim() !== '' && idOf(draft.resourceId) === undefined ? t('audit.filter.badId') : null
              }
              onChange={(event) => set('resourceId', event.currentTarget.value)}
              w={160}
            />
            <NativeSelect
              label={t('audit.filter.action')}
              value={draft.action}
              onChange={(event) => set('action', event.currentTarget.value)}
              data={[
                { value: '', label: t('audit.filter.any') },
                ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.action.${action}`) })),
              ]}
              w={180}
            />
            <TextInput
              type="datetime-local"
              label={t('audit.filter.from')}
              value={draft.from}
              onChange={(event) => set('from', event.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t('audit.filter.to')}
              value={draft.to}
              onChange={(event) => set('to', event.currentTarget.value)}
            />
          </Group>
          {choosesAccount &&
            (draft.account ? (
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t('audit.filter.account')}
                </Text>
                <Paper withBorder radius="md" px="sm" py={4} bg="regie.0">
                  <Group gap={6} wrap="nowrap">
                    <IconBuildingStore size={16} aria-hidden />
                    <Text size="sm">{draft.account.name}</Text>
                    <CloseButton
                      size="sm"
                      aria-label={t('audit.filter.clearAccount')}
                      onClick={() => set('account', null)}
                    />
                  </Group>
                </Paper>
              </Group>
            ) : (
              <AccountSearch label={t('audit.filter.account')} onSelect={(account) => set('account', account)} />
            ))}
          <Group gap="sm">
            <Button type="submit">{t('audit.filter.apply')}</Button>
            <Button variant="default" onClick={reset}>
              {t('audit.filter.reset')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h4">
          {t('audit.table')}
        </Title>
        <CsvExportButton
          path={auditPaths.export}
          query={auditQueryOf(applied)}
          total={entries.length}
          fallbackName="audit.csv"
          rowsKey="audit.export.rows"
        />
      </Group>

      {pages.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('audit.loadFailed')}>
          {pages.error.message}
        </Alert>
      ) : (
        <AuditPagesView pages={pages} entries={entries} label={t('audit.table')} showTarget />
      )}
    </Stack>
  );
}
