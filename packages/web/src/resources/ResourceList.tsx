import { Alert, Button, EmptyState, Group, Paper, Select, Text } from '@mantine/core';
import { fillPath } from '@regie/contract/routes';
import { IconAlertCircle, IconDatabaseOff, IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../api/action.ts';
import { useApi } from '../api/api-context.ts';
import { background } from '../api/background.ts';
import { fetchAllPages, type ListQuery } from '../api/resource-api.ts';
import { useAccountNames } from '../api/resource-queries.ts';
import { useT } from '../i18n/use-t.ts';
import { useSession } from '../session/current-session.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { useImageUrl } from '../widgets/image-url.ts';
import { PagePagination } from '../widgets/PagePagination.tsx';
import type { AnyResource } from './any-resource.ts';
import type { CellContext } from './cell-format.ts';
import { cellText } from './cell-format.ts';
import { useColumnChoice } from './columns.ts';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import { ListTable } from './ListTable.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { PAGE_SIZES } from './list-state.ts';
import { type ResourceLabels, useResourceLabels } from './resource-labels.ts';
import type { ResourceScreenProps } from './resource-screens.ts';
import classes from './resources.module.css';
import { useCustomizedResource } from './use-customized-resource.ts';
import { type ListController, useListController } from './use-list-controller.ts';
import { useResourceAccess } from './use-resource-access.ts';

/**
 * The generic list screen of a declared resource (how to add one: see resource-screens.ts):
 * server-side paging, sort, filters and search kept in the URL, a column choice kept per
 * resource, bulk delete and CSV export of the current filter.
 */
export function ResourceList({ resource: declared, routes, custom }: ResourceScreenProps) {
  const resource = useCustomizedResource(declared, custom, null, false);
  const labels = useResourceLabels(resource);
  const access = useResourceAccess(resource);
  const accountNames = useAccountNames(access.showAccount);
  const columns = useColumnChoice(resource, access.showAccount);
  const controller = useListController(resource);
  const { state, update, selection } = controller;
  const context = useCellContext(labels, accountNames);
  const exportCsv = useCsvExport(resource, controller.query, columns.visible, labels, context);
  const [confirming, setConfirming] = useState(false);

  const editHref =
    routes.edit && routes.idParam
      ? (id: number) => fillPath(routes.edit ?? '', { [routes.idParam ?? 'id']: id })
      : null;
  const createHref = access.canWrite ? routes.create : null;

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
      {selection.selected.size > 0 && (
        <BulkBar count={selection.selected.size} onClear={selection.clear} onDelete={() => setConfirming(true)} />
      )}
      <ListBody
        resource={resource}
        controller={controller}
        columns={columns.visible}
        labels={labels}
        context={context}
        createHref={createHref}
        editHref={editHref}
        selectable={access.canWrite}
      />
      <ListFooter controller={controller} />
      <BulkDeleteDialog
        opened={confirming}
        count={selection.selected.size}
        busy={controller.remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          controller.remove.mutate([...selection.selected], { onError: () => undefined });
        }}
      />
    </Paper>
  );
}

/** The page of rows, or why there is none: the load failed, or nothing matches (filters or not). */
function ListBody({
  resource,
  controller,
  columns,
  labels,
  context,
  createHref,
  editHref,
  selectable,
}: {
  resource: AnyResource;
  controller: ListController;
  columns: readonly string[];
  labels: ResourceLabels;
  context: CellContext;
  createHref: string | null | undefined;
  editHref: ((id: number) => string) | null;
  selectable: boolean;
}) {
  const { state, list, rows, selection } = controller;
  if (list.isError && !rows) return <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} />;
  if (rows && rows.length === 0 && !list.isPlaceholderData) {
    return (
      <EmptyList
        filtered={controller.filtered}
        onClearFilters={controller.clearFilters}
        title={labels.empty()}
        createHref={createHref}
      />
    );
  }
  return (
    <ListTable
      resource={resource}
      columns={columns}
      rows={rows}
      sort={state.sort}
      onSort={controller.sortBy}
      selected={selection.selected}
      onSelect={selection.set}
      selectable={selectable}
      editHref={editHref}
      context={context}
      pageSize={state.pageSize}
      fetching={list.isFetching}
    />
  );
}

/** Asks before deleting the selected records. */
function BulkDeleteDialog({
  opened,
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  count: number;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={opened}
      title={count === 1 ? t('resource.common.deleteOneTitle') : t('resource.common.deleteManyTitle', { count })}
      confirmLabel={t('resource.common.delete')}
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text size="sm">{t('resource.common.deleteWarning')}</Text>
    </ConfirmDialog>
  );
}

/** How the cells of the generic list and its CSV export write values. */
function useCellContext(labels: ResourceLabels, accountNames: ReadonlyMap<number, string>): CellContext {
  const t = useT();
  const imageUrl = useImageUrl();
  const { user } = useSession();
  return {
    labels,
    yes: t('resource.common.yes'),
    no: t('resource.common.no'),
    accountName: (id) => accountNames.get(id) ?? (id === user?.account.id ? user.account.name : undefined),
    platform: t('resource.common.platform'),
    imageUrl,
  };
}

/** Every row of the current filter and sort, as a CSV file of the visible columns. */
function useCsvExport(
  resource: AnyResource,
  query: ListQuery,
  visible: readonly string[],
  labels: ResourceLabels,
  context: CellContext,
) {
  const client = useApi();
  return useAction(async () => {
    const rows = await fetchAllPages(
      client,
      resource,
      { sort: query.sort, search: query.search, filters: query.filters },
      undefined,
      background(),
    );
    const csvColumns = ['id', ...visible.filter((column) => column !== 'id')].map((field) => ({
      header: labels.field(field),
      value: (row: (typeof rows)[number]) => (field === 'id' ? row.id : cellText(resource, field, row[field], context)),
    }));
    downloadCsv(csvFileName(resource.name), toCsv(csvColumns, rows));
  });
}

function BulkBar({ count, onClear, onDelete }: { count: number; onClear: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <Group className={classes.bulkBar} justify="space-between">
      <Text size="sm" fw={600} aria-live="polite">
        {t('resource.common.selectedCount', { count })}
      </Text>
      <Group gap="xs">
        <Button variant="subtle" size="xs" onClick={onClear}>
          {t('resource.common.clearSelection')}
        </Button>
        <Button color="red.8" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
          {t('resource.common.deleteSelected', { count })}
        </Button>
      </Group>
    </Group>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      color="red"
      variant="light"
      m="md"
      icon={<IconAlertCircle aria-hidden />}
      title={t('resource.common.loadFailed')}
    >
      <Text size="sm">{message}</Text>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        {t('app.retry')}
      </Button>
    </Alert>
  );
}

function EmptyList({
  filtered,
  onClearFilters,
  title,
  createHref,
}: {
  filtered: boolean;
  onClearFilters: () => void;
  title: string;
  createHref: string | null | undefined;
}) {
  const t = useT();
  if (filtered) {
    return (
      <EmptyState
        py={48}
        icon={<IconFilterOff size={28} aria-hidden />}
        withIndicatorBackground
        title={t('resource.common.noMatch')}
        description={t('resource.common.noMatchHint')}
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearFilters}>
            {t('resource.common.clearFilters')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      py={48}
      icon={<IconDatabaseOff size={28} aria-hidden />}
      variant="light"
      title={title}
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
  );
}

/** The range shown, the page size and the pages. */
function ListFooter({ controller }: { controller: ListController }) {
  const t = useT();
  const { state, list, total, lastPage, from, to } = controller;
  return (
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
            onChange={(value) => value && controller.setPageSize(Number(value))}
            allowDeselect={false}
            w={80}
            size="xs"
          />
        </Group>
        <PagePagination total={lastPage} value={state.page} onChange={controller.setPage} />
      </Group>
    </Group>
  );
}
