import { Button, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@regie/contract/audit';
import { resourceMenuLabel } from '@regie/contract/menu';
import { resourceRoute } from '@regie/contract/resources/registry';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Fragment, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel, useT } from '../../i18n/use-t.ts';
import type { useAuditPages } from './audit-calls.ts';

/** How an entry's time shows: the back-office's ISO date, with seconds. */
export const AUDIT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Field names listed in a row's summary before '…'. */
const SUMMARY_FIELDS = 3;

/** A resource's name as the screens call it: its title, else its menu entry, else its code name. */
export function useResourceName(): (resource: string) => string {
  const label = useLabel();
  const { i18n } = useTranslation();
  return useCallback(
    (resource: string) => {
      // The resources beside the engine's have a label of their own (contract AUDIT_OTHER_RESOURCES).
      const own = `audit.resource.${resource}`;
      if (i18n.exists(own)) return label(own);
      const camel = resource.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      const route = resourceRoute(resource);
      const candidates = [`resource.${camel}.title`, ...(route ? [resourceMenuLabel(route)] : [])];
      const key = candidates.find((candidate) => i18n.exists(candidate));
      return key ? label(key) : resource;
    },
    [i18n, label],
  );
}

/** A recorded value as text: strings as they are, the rest as JSON. */
function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The account of an entry: its name and id, its id alone once deleted, or the platform. */
function accountLabel(entry: AuditEntry, t: ReturnType<typeof useT>): string {
  if (entry.accountId === null) return t('audit.account.none');
  return entry.accountName === null ? `#${entry.accountId}` : `${entry.accountName} (#${entry.accountId})`;
}

/** The reason an administrator gave for acting for the account, on the entry of the start. */
function actingReason(entry: AuditEntry): string | null {
  if (entry.action !== 'acting-start') return null;
  const change = entry.changes.reason;
  return change && 'after' in change && typeof change.after === 'string' ? change.after : null;
}

/** The field names of a change, for the row's summary (the reason, for acting for the account). */
function summary(entry: AuditEntry, t: ReturnType<typeof useT>): string {
  const reason = actingReason(entry);
  if (reason !== null) return t('audit.changes.actingReason', { reason });
  const { changes } = entry;
  const fields = Object.keys(changes);
  if (fields.length === 0) return t('audit.changes.none');
  const shown = fields.slice(0, SUMMARY_FIELDS).join(', ') + (fields.length > SUMMARY_FIELDS ? ', …' : '');
  return t('audit.changes.fields', { count: fields.length, fields: shown });
}

/** One entry's field diffs, before → after; a secret only says it changed. */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const empty = t('audit.diff.empty');
  const unknown = t('audit.details.unknown');
  return (
    <Stack gap="xs">
      {Object.keys(entry.changes).length > 0 && (
        <Table withTableBorder fz="sm" aria-label={t('audit.diff.table', { id: entry.id })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('audit.diff.field')}</Table.Th>
              <Table.Th scope="col">{t('audit.diff.before')}</Table.Th>
              <Table.Th scope="col">{t('audit.diff.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(entry.changes).map(([field, change]) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={500}>
                  {field}
                </Table.Th>
                {'changed' in change ? (
                  <Table.Td colSpan={2}>
                    <Text size="sm" fs="italic">
                      {t('audit.diff.changed')}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(change.before, empty)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(change.after, empty)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t('audit.details', {
          requestId: entry.requestId ?? unknown,
          ip: entry.ip ?? unknown,
          agent: entry.userAgent ?? unknown,
        })}
      </Text>
    </Stack>
  );
}

interface Props {
  entries: readonly AuditEntry[];
  /** The table's accessible name. */
  label: string;
  /** The account and resource columns: off in a record's history, where they are the record's. */
  showTarget?: boolean;
}

/** Audit entries, newest first: each row expands to its field diffs. */
export function AuditEntries({ entries, label, showTarget = true }: Props) {
  const t = useT();
  const resourceName = useResourceName();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = showTarget ? 6 : 4;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('audit.column.at')}</Table.Th>
            <Table.Th scope="col">{t('audit.column.user')}</Table.Th>
            {showTarget && <Table.Th scope="col">{t('audit.column.account')}</Table.Th>}
            {showTarget && <Table.Th scope="col">{t('audit.column.resource')}</Table.Th>}
            <Table.Th scope="col">{t('audit.column.action')}</Table.Th>
            <Table.Th scope="col">{t('audit.column.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const expanded = open.has(entry.id);
            const diffId = `audit-diff-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(entry.at).format(AUDIT_TIME_FORMAT)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {entry.userId === null
                        ? (entry.userName ?? t('audit.user.unknown'))
                        : t('audit.user', { name: entry.userName ?? '', id: entry.userId })}
                    </Text>
                    {entry.actingAdminId !== null && (
                      <Text size="xs" c="dimmed">
                        {t('audit.actingFor', { id: entry.actingAdminId })}
                      </Text>
                    )}
                  </Table.Td>
                  {showTarget && <Table.Td>{accountLabel(entry, t)}</Table.Td>}
                  {showTarget && (
                    <Table.Td>
                      {entry.resourceId === null
                        ? resourceName(entry.resource)
                        : t('audit.resource.withId', { resource: resourceName(entry.resource), id: entry.resourceId })}
                    </Table.Td>
                  )}
                  <Table.Td>{t(`audit.action.${entry.action}`)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={
                        expanded ? (
                          <IconChevronDown size={14} aria-hidden />
                        ) : (
                          <IconChevronRight size={14} aria-hidden />
                        )
                      }
                      aria-expanded={expanded}
                      aria-controls={expanded ? diffId : undefined}
                      onClick={() => toggle(entry.id)}
                    >
                      {summary(entry, t)}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={diffId}>
                    <Table.Td colSpan={columns} bg="gray.0">
                      <AuditDiff entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The entries read so far, then "Load more" while older ones remain. */
export function AuditPagesView({
  pages,
  entries,
  label,
  showTarget,
  emptyText,
}: {
  pages: ReturnType<typeof useAuditPages>;
  entries: readonly AuditEntry[];
  label: string;
  showTarget: boolean;
  emptyText?: string;
}) {
  const t = useT();
  if (pages.isPending) {
    return (
      <Text c="dimmed" aria-busy>
        {t('app.loading')}
      </Text>
    );
  }
  if (entries.length === 0) return <Text c="dimmed">{emptyText ?? t('audit.empty')}</Text>;
  return (
    <Stack gap="sm">
      <AuditEntries entries={entries} label={label} showTarget={showTarget} />
      {pages.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('audit.loadMore')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          {t('audit.end')}
        </Text>
      )}
    </Stack>
  );
}
