import { Alert, Button, EmptyState, Group, Pagination, Paper, Select, Text } from '@mantine/core';
import { fillPath } from '@regie/contract/routes';
import { IconAlertCircle, IconDatabaseOff, IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../api/action.ts';
import { useApi } from '../api/api-context.ts';
import { background } from '../api/background.ts';
import { resourceKeys } from '../api/query-keys.ts';
import { fetchAllPages } from '../api/resource-api.ts';
import { useAccountNames, useResourceCalls, useResourceList } from '../api/resource-queries.ts';
import { useT } from '../i18n/use-t.ts';
import { useSession } from '../session/current-session.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { useImageUrl } from '../widgets/image-url.ts';
import type { CellContext } from './cell-format.ts';
import { cellText } from './cell-format.ts';
import { useColumnChoice } from './columns.ts';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import { ListTable } from './ListTable.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { cursorKey, listCursors, pagedListQuery } from './list-cursors.ts';
import { hasActiveFilters, PAGE_SIZES, toggleSort, useListState } from './list-state.ts';
import { useResourceLabels } from './resource-labels.ts';
import type { ResourceScreenProps } from './resource-screens.ts';
import classes from './resources.module.css';
import { useCustomizedResource } from './use-customized-resource.ts';
import { useResourceAccess } from './use-resource-access.ts';

/**
 * The generic list screen of a declared resource (how to add one: see resource-screens.ts):
 * server-side paging, sort, filters and search kept in the URL, a column choice kept per
 * resource, bulk delete and CSV export of the current filter.
 */
export function ResourceList({ resource: declared, routes, custom }: ResourceScreenProps) {
  const t = useT();
  const resource = useCustomizedResource(declared, custom, null, false);
  const labels = useResourceLabels(resource);
  const imageUrl = useImageUrl();
  const client = useApi();
  const calls = useResourceCalls(resource);
  const access = useResourceAccess(resource);
  const { user, simulatedAccount } = useSession();
  const accountNames = useAccountNames(access.showAccount);
  const columns = useColumnChoice(resource, access.showAccount);
  const [state, update] = useListState(resource);
  const pagesKey = cursorKey(resource.name, simulatedAccount?.id ?? user?.account.id ?? null, state);
  // Next (and previous back to a page reached by next) from a known cursor, else by offset.
  const query = useMemo(() => pagedListQuery(state, listCursors.get(pagesKey, state.page)), [state, pagesKey]);
  const list = useResourceList(resource, query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);

  const context: CellContext = {
    labels,
    yes: t('resource.common.yes'),
    no: t('resource.common.no'),
    accountName: (id) => accountNames.get(id) ?? (id === user?.account.id ? user.account.name : undefined),
    platform: t('resource.common.platform'),
    imageUrl,
  };

  // A new query (page, filter, sort) starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is the trigger.
  useEffect(() => setSelected(new Set()), [query]);

  useEffect(() => {
    if (list.data && !list.isPlaceholderData) listCursors.remember(pagesKey, state.page, list.data.nextCursor);
  }, [list.data, list.isPlaceholderData, pagesKey, state.page]);

  // A page past the end (rows deleted, a shared link) goes to the last page.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  const remove = useAction(
    async (ids: readonly number[]) => {
      const results = await Promise.allSettled(ids.map((id) => calls.remove(id)));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
    { invalidate: [resourceKeys.all(resource.name)], onSuccess: () => setSelected(new Set()) },
  );

  const exportCsv = useAction(async () => {
    const rows = await fetchAllPages(
      client,
      resource,
      { sort: query.sort, search: query.search, filters: query.filters },
      undefined,
      background(),
    );
    const csvColumns = ['id', ...columns.visible.filter((column) => column !== 'id')].map((field) => ({
      header: labels.field(field),
      value: (row: (typeof rows)[number]) => (field === 'id' ? row.id : cellText(resource, field, row[field], context)),
    }));
    downloadCsv(csvFileName(resource.name), toCsv(csvColumns, rows));
  });

  const editHref =
    routes.edit && routes.idParam
      ? (id: number) => fillPath(routes.edit ?? '', { [routes.idParam ?? 'id']: id })
      : null;
  const createHref = access.canWrite ? routes.create : null;
  const rows = list.data?.data ?? null;
  const filtered = hasActiveFilters(state);
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);

  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
      <ListToolbar
        resource={resource}
        labels={labels}
        state={state}
        onChange={update}
        columns={columns}
        accounts={access.showAccount ? accountNames : null}
        createHref={createHref}
        exporting={exportCsv.isPending}
        onExport={() => exportCsv.mutate(undefined, { onError: () => undefined })}
      />
      {selected.size > 0 && (
        <Group className={classes.bulkBar} justify="space-between">
          <Text size="sm" fw={600} aria-live="polite">
            {t('resource.common.selectedCount', { count: selected.size })}
          </Text>
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={() => setSelected(new Set())}>
              {t('resource.common.clearSelection')}
            </Button>
            <Button
              color="red.8"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('resource.common.deleteSelected', { count: selected.size })}
            </Button>
          </Group>
        </Group>
      )}
      {list.isError && !rows ? (
        <Alert
          color="red"
          variant="light"
          m="md"
          icon={<IconAlertCircle aria-hidden />}
          title={t('resource.common.loadFailed')}
        >
          <Text size="sm">{list.error.message}</Text>
          <Button variant="default" size="xs" mt="sm" onClick={() => void list.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      ) : rows && rows.length === 0 && !list.isPlaceholderData ? (
        filtered ? (
          <EmptyState
            py={48}
            icon={<IconFilterOff size={28} aria-hidden />}
            withIndicatorBackground
            title={t('resource.common.noMatch')}
            description={t('resource.common.noMatchHint')}
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => update({ search: '', filters: {} })}>
                {t('resource.common.clearFilters')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            py={48}
            icon={<IconDatabaseOff size={28} aria-hidden />}
            variant="light"
            title={labels.empty()}
            description={createHref ? t('resource.common.emptyHint') : undefined}
          >
            {createHref && (
              <EmptyState.Actions>
                <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
                  {t('resource.common.create')}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        )
      ) : (
        <ListTable
          resource={resource}
          columns={columns.visible}
          rows={rows}
          sort={state.sort}
          onSort={(field) => update({ sort: toggleSort(state.sort, field) })}
          selected={selected}
          onSelect={setSelected}
          selectable={access.canWrite}
          editHref={editHref}
          context={context}
          pageSize={state.pageSize}
          fetching={list.isFetching}
        />
      )}
      <Group justify="space-between" className={classes.footer} gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? (total > 0 ? t('resource.common.range', { from, to, total }) : '') : t('app.loading')}
        </Text>
        <Group gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed" id="page-size-label">
              {t('resource.common.pageSize')}
            </Text>
            <Select
              aria-labelledby="page-size-label"
              data={PAGE_SIZES.map((size) => String(size))}
              value={String(state.pageSize)}
              onChange={(value) => value && update({ pageSize: Number(value) })}
              allowDeselect={false}
              w={80}
              size="xs"
            />
          </Group>
          <Pagination
            total={lastPage}
            value={Math.min(state.page, lastPage)}
            onChange={(page) => update({ page })}
            size="sm"
            withEdges
            aria-label={t('resource.common.pagination')}
            getItemProps={(page) => ({ 'aria-label': t('resource.common.page', { page }) })}
            getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROLS[control]) })}
          />
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={
          selected.size === 1
            ? t('resource.common.deleteOneTitle')
            : t('resource.common.deleteManyTitle', { count: selected.size })
        }
        confirmLabel={t('resource.common.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate([...selected], { onError: () => undefined });
        }}
      >
        <Text size="sm">{t('resource.common.deleteWarning')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

const PAGE_CONTROLS = {
  first: 'resource.common.firstPage',
  previous: 'resource.common.previousPage',
  next: 'resource.common.nextPage',
  last: 'resource.common.lastPage',
} as const;
