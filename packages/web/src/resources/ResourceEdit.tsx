import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { findRouteByPath, firstAccessibleChild } from '@regie/contract/routes';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useResourceRecord } from '../api/resource-queries.ts';
import { hrefOf, useCurrentEntry, useDefinedParams } from '../app/route-entry.ts';
import { RecordHistory, useCanReadAudit } from '../features/audit/RecordHistory.tsx';
import { useT } from '../i18n/use-t.ts';
import { useAccessSubject } from '../session/access.ts';
import { recordName, usePageTitle } from '../widgets/page-title.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { useResourceLabels } from './resource-labels.ts';
import { listHref, type ResourceRoutes, type ResourceScreenProps } from './resource-screens.ts';
import { TranslationsPanel } from './TranslationsPanel.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { useCustomizedResource } from './use-customized-resource.ts';
import { useResourceAccess } from './use-resource-access.ts';

/** The tab of the page on screen, from the route tree (contract menu.ts `tabs`). */
function useTabs(routes: ResourceRoutes) {
  const entry = useCurrentEntry();
  const subject = useAccessSubject();
  const container = entry?.isTab && entry.parentPath ? findRouteByPath(entry.parentPath) : undefined;
  // A creation page without tabs of its own, when the edit page has some, shows the fields of the
  // edit page's first tab: the others need the record to exist (spec §2).
  const editPage = routes.edit ? findRouteByPath(routes.edit) : undefined;
  if (!container && entry && entry.fullPath === routes.create && !entry.node.tabs && editPage?.node.tabs) {
    const first = editPage.children[0]?.node.path ?? null;
    return { tab: first, firstTab: first, redirect: null };
  }
  // A tab container opened without a tab goes to its first tab the user may open (a clipper: a conference's clip tab).
  const firstOfEntry = entry?.node.tabs ? (firstAccessibleChild(subject, entry) ?? entry.children[0]) : undefined;
  return {
    tab: container ? (entry?.node.path ?? null) : null,
    firstTab: container?.children[0]?.node.path ?? null,
    redirect: firstOfEntry ?? null,
  };
}

/**
 * The generic edit and creation screen of a declared resource (how to add one: see
 * resource-screens.ts): the fields of the tab on screen, drawn from `ui` and checked with the
 * declaration's zod schema; translations below once the record exists.
 */
export function ResourceEdit({ resource: declared, routes, custom }: ResourceScreenProps) {
  const params = useParams();
  const definedParams = useDefinedParams();
  const access = useResourceAccess(declared);
  const tabs = useTabs(routes);
  const id = routes.idParam ? (params[routes.idParam] ?? null) : null;
  const parentId = routes.parentParam ? (params[routes.parentParam] ?? null) : null;
  const record = useResourceRecord(declared, id, parentId);
  const resource = useCustomizedResource(declared, custom, record.data ?? null, id === null);
  const labels = useResourceLabels(resource);
  const [formDirty, setFormDirty] = useState(false);
  const [translationsDirty, setTranslationsDirty] = useState(false);
  const { bypass, leave } = useGuardBypass();
  const canReadAudit = useCanReadAudit();
  // The page is titled by the record's name, not its section's (widgets/page-title.ts).
  usePageTitle(recordName(record.data));

  const redirect = tabs.redirect ? hrefOf(tabs.redirect, definedParams) : null;
  if (redirect) return <Navigate replace to={redirect} />;

  if (id !== null && record.isError) {
    return <RecordLoadError error={record.error} listHref={listHref(routes, definedParams)} />;
  }
  if (id !== null && !record.data) return <RecordLoading />;

  const current = record.data ?? null;
  const Panel = current && tabs.tab ? custom?.tabPanels?.[tabs.tab] : undefined;
  if (current && Panel) {
    return <Panel resource={resource} record={current} routes={routes} canWrite={access.canWrite} />;
  }
  const translatable = (resource.translatable?.length ?? 0) > 0 && current !== null && tabs.tab === tabs.firstTab;
  return (
    <Stack gap="lg" maw={980}>
      <ResourceForm
        // A saved or reloaded record starts a fresh form.
        key={current ? `${current.id}:${String(current.updatedAt ?? '')}` : 'new'}
        resource={resource}
        routes={routes}
        labels={labels}
        record={current}
        parentId={parentId}
        tab={tabs.tab}
        firstTab={tabs.firstTab}
        canWrite={access.canWrite}
        onDirtyChange={setFormDirty}
        leave={leave}
      />
      {translatable && access.canWrite && (
        <TranslationsPanel
          resource={resource}
          record={current}
          parentId={parentId}
          labels={labels}
          onDirtyChange={setTranslationsDirty}
        />
      )}
      {current && custom?.BelowForm && (
        <custom.BelowForm
          resource={resource}
          record={current}
          routes={routes}
          canWrite={access.canWrite}
          tab={tabs.tab}
        />
      )}
      {current && canReadAudit && tabs.tab === tabs.firstTab && typeof current.id === 'number' && (
        // Who changed this record (issue 26): its audit entries, on its first tab.
        <RecordHistory resource={declared.name} recordId={current.id} />
      )}
      <UnsavedChangesGuard when={formDirty || translationsDirty} bypass={bypass} />
    </Stack>
  );
}

/** Navigates past the unsaved-changes question (after a save or a delete), then guards again. */
function useGuardBypass() {
  const navigate = useNavigate();
  const bypass = useRef(false);
  const leave = useCallback(
    (to: string) => {
      bypass.current = true;
      navigate(to, { replace: true });
      // The next form on this screen is guarded again.
      setTimeout(() => {
        bypass.current = false;
      }, 0);
    },
    [navigate],
  );
  return { bypass, leave };
}

/** The record could not be read: not found, or the server's reason; either way a way back to the list. */
function RecordLoadError({ error, listHref }: { error: Error; listHref: string }) {
  const t = useT();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t(missing ? 'resource.common.notFound' : 'resource.common.loadFailed')}
      maw={640}
    >
      {!missing && error.message}
      <Button component={Link} to={listHref} variant="default" size="xs" mt="sm" display="block">
        {t('resource.common.backToList')}
      </Button>
    </Alert>
  );
}

/** The form's outline while the record loads. */
function RecordLoading() {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p="lg" aria-busy aria-label={t('app.loading')}>
      <Stack gap="lg">
        <Skeleton h={28} w="40%" />
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={36} w={140} ml="auto" />
      </Stack>
    </Paper>
  );
}
