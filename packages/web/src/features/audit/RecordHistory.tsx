import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { AUDIT_READ_RULE } from '@regie/contract/audit';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { auditKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { AuditPagesView } from './AuditEntries.tsx';
import { useAuditPages } from './audit-calls.ts';

/**
 * True when the signed-in user may read the audit trail: AUDIT_READ_RULE, which lets a platform
 * administrator acting for an account in whatever its roles (the server's auditScopeOf).
 */
export function useCanReadAudit(): boolean {
  return satisfies(useAccessSubject(), AUDIT_READ_RULE);
}

/**
 * A record's history on its edit page (issue 26 point 3): its audit entries, newest first, each
 * with its field diffs, "Load more" for older ones. Closed at first: it is read when opened.
 */
export function RecordHistory({ resource, recordId }: { resource: string; recordId: number }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  // The record's account (the one the page works on): its history reads off the index by account
  // and record, where a platform administrator's query without one would scan every account's trail.
  const accountId = useSession().user?.account.id;
  const filters = useMemo(() => ({ accountId, resource, resourceId: recordId }), [accountId, resource, recordId]);
  const pages = useAuditPages(auditKeys.history(resource, String(recordId)), filters, opened);
  const entries = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={`${panelId}-title`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${panelId}-title`}>
          {t('audit.history.title')}
        </Title>
        <Button
          variant="subtle"
          style={{ alignSelf: 'flex-start' }}
          leftSection={opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={() => setOpened((value) => !value)}
        >
          {t(opened ? 'audit.history.hide' : 'audit.history.show')}
        </Button>
        <div id={panelId} hidden={!opened}>
          {opened &&
            (pages.isError ? (
              <Text c="red" role="alert">
                {t('audit.loadFailed')}
              </Text>
            ) : (
              <AuditPagesView
                pages={pages}
                entries={entries}
                label={t('audit.history.title')}
                showTarget={false}
                emptyText={t('audit.history.empty')}
              />
            ))}
        </div>
      </Stack>
    </Paper>
  );
}
