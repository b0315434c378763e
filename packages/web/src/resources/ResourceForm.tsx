import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { effectiveGrants } from '@regie/contract/access';
import type { FieldUi } from '@regie/contract/resources/define';
import { fillPath } from '@regie/contract/routes';
import { IconAlertCircle, IconArrowBackUp, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useResourceCalls } from '../api/resource-queries.ts';
import { useDefinedParams } from '../app/route-entry.ts';
import { useT } from '../i18n/use-t.ts';
import { useAccessSubject } from '../session/access.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { type AnyResource, fieldUiOf, type ResourceRecord } from './any-resource.ts';
import { CELL_DATE_FORMAT } from './cell-format.ts';
import { FieldInput } from './FieldInput.tsx';
import { accepts, type FieldMessage, fieldsOfTab, isRequired } from './form-state.ts';
import type { ResourceLabels } from './resource-labels.ts';
import { listHref, type ResourceRoutes } from './resource-screens.ts';
import { useEditController } from './use-edit-controller.ts';
import type { FieldDisplay } from './use-resource-form.ts';

/** Widgets that need the whole width of the form. */
const WIDE: ReadonlySet<FieldUi['widget']> = new Set([
  'textarea',
  'json',
  'image',
  'references',
  'multiSelect',
  'geoRule',
]);

interface Props {
  resource: AnyResource;
  routes: ResourceRoutes;
  labels: ResourceLabels;
  record: ResourceRecord | null;
  /** A nested resource's parent record (routes.parentParam), null otherwise. */
  parentId?: string | null;
  /** The tab on screen and the first tab (fields without `ui.tab`), null without tabs. */
  tab: string | null;
  firstTab: string | null;
  canWrite: boolean;
  onDirtyChange: (dirty: boolean) => void;
  /** Navigates without the unsaved-changes question (after a save or a delete). */
  leave: (to: string) => void;
}

/** The fields of one tab of a record, saved with the spec §8 notifications. */
export function ResourceForm({
  resource,
  routes,
  labels,
  record,
  parentId = null,
  tab,
  firstTab,
  canWrite,
  onDirtyChange,
  leave,
}: Props) {
  const params = useDefinedParams();
  const list = listHref(routes, params);
  const { form, save, remove, submit, deleteRecord, message } = useFormController(resource, record, {
    routes,
    parentId,
    list,
    params,
    onDirtyChange,
    leave,
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // A field a module makes meaningful (an event's geo blocking) shows in an account that holds it.
  const { modules } = effectiveGrants(useAccessSubject());
  const shown = fieldsOfTab(resource, tab, firstTab).filter((field) => {
    const needed = resource.ui[field]?.requiredModule;
    return needed === undefined || modules.includes(needed);
  });

  const general = useGeneralErrors(form, shown, labels, message);
  const heading = record ? String(record.name ?? record.title ?? `#${record.id}`) : labels.newRecord();

  return (
    <Paper
      withBorder
      radius="lg"
      shadow="xs"
      p="lg"
      component="form"
      onSubmit={(event) => void submit(event, shown)}
      noValidate
      aria-label={heading}
    >
      <Stack gap="lg">
        <FormHeading heading={heading} record={record} labels={labels} />
        <GeneralErrors lines={general} />
        <Grid gap="lg">
          {shown.map((field) => (
            <FormField
              key={field}
              field={field}
              resource={resource}
              record={record}
              labels={labels}
              canWrite={canWrite}
              value={form.values[field]}
              values={form.values}
              setField={form.setValue}
              onChange={(value) => form.setValue(field, value)}
              onBlur={() => form.touch(field)}
              display={form.display(field)}
              message={message}
            />
          ))}
        </Grid>
        <FormActions
          listHref={list}
          canWrite={canWrite}
          canDelete={record !== null && canWrite}
          dirty={form.dirty}
          saving={save.isPending}
          deleting={remove.isPending}
          onDelete={() => setConfirmingDelete(true)}
          onReset={form.reset}
        />
      </Stack>
      <DeleteRecordDialog
        opened={confirmingDelete}
        name={heading}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          void deleteRecord();
        }}
      />
    </Paper>
  );
}

/** The record's name, id and last change (or the title of a new one). */
function FormHeading({
  heading,
  record,
  labels,
}: {
  heading: string;
  record: ResourceRecord | null;
  labels: ResourceLabels;
}) {
  const t = useT();
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={2} size="h3">
          {heading}
        </Title>
        {record && (
          <Text size="sm" c="dimmed" mt={2}>
            {[
              `${labels.field('id')} ${record.id}`,
              typeof record.updatedAt === 'string'
                ? t('resource.common.updatedOn', { date: dayjs(record.updatedAt).format(CELL_DATE_FORMAT) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** One field of the form, as wide as its widget needs. */
function FormField({
  field,
  resource,
  record,
  labels,
  canWrite,
  value,
  values,
  setField,
  onChange,
  onBlur,
  display,
  message,
}: {
  field: string;
  resource: AnyResource;
  record: ResourceRecord | null;
  labels: ResourceLabels;
  canWrite: boolean;
  value: unknown;
  values: Readonly<Record<string, unknown>>;
  setField: (field: string, value: unknown) => void;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  display: FieldDisplay;
  message: (error: FieldMessage | null) => string | null;
}) {
  const t = useT();
  const ui = fieldUiOf(resource, field);
  const schema = resource.fields.shape[field];
  const keepsValue = Boolean(ui.writeOnly && record);
  const wide = ui.custom?.wide ?? WIDE.has(ui.widget);
  return (
    <Grid.Col span={{ base: 12, md: wide ? 12 : 6 }}>
      <FieldInput
        field={field}
        ui={ui}
        label={labels.field(field)}
        description={
          keepsValue ? t('resource.common.writeOnlyUnchanged') : record ? undefined : labels.creationHint(field)
        }
        record={record}
        value={value}
        values={values}
        setField={setField}
        onChange={onChange}
        onBlur={onBlur}
        error={message(display.error)}
        errorPath={display.errorPath}
        tone={display.tone}
        required={isRequired(schema, ui) && !keepsValue}
        nullable={accepts(schema, null)}
        disabled={!canWrite || Boolean(ui.readOnly)}
        labels={labels}
      />
    </Grid.Col>
  );
}

/** Delete on the left; cancel, reset and save on the right. */
function FormActions({
  listHref,
  canWrite,
  canDelete,
  dirty,
  saving,
  deleting,
  onDelete,
  onReset,
}: {
  listHref: string;
  canWrite: boolean;
  canDelete: boolean;
  dirty: boolean;
  saving: boolean;
  deleting: boolean;
  onDelete: () => void;
  onReset: () => void;
}) {
  const t = useT();
  return (
    <Group justify="space-between" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <div>
        {canDelete && (
          <Button
            variant="outline"
            color="red.8"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            loading={deleting}
          >
            {t('resource.common.delete')}
          </Button>
        )}
      </div>
      <Group gap="sm">
        <Button variant="default" component={Link} to={listHref}>
          {t('resource.common.cancel')}
        </Button>
        {canWrite && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={onReset}
            disabled={!dirty || saving}
          >
            {t('resource.common.reset')}
          </Button>
        )}
        {canWrite && (
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={saving}
            disabled={!dirty}
          >
            {t('resource.common.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

type EditForm = ReturnType<typeof useEditController>['form'];

/** The server's general errors, plus the errors of fields on other tabs, which would block the save without showing why. */
function useGeneralErrors(
  form: EditForm,
  shown: readonly string[],
  labels: ResourceLabels,
  message: (error: FieldMessage | null) => string | null,
): string[] {
  const hiddenErrors = Object.keys(form.errors).filter((field) => !shown.includes(field) && form.display(field).error);
  return [
    ...form.serverErrors.general,
    ...hiddenErrors.map((field) => `${labels.field(field)}: ${message(form.display(field).error)}`),
  ];
}

/** The errors not shown under a field, one line each. */
function GeneralErrors({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}

/** Asks before the record is deleted, naming it. */
function DeleteRecordDialog({
  opened,
  name,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('resource.common.deleteOneTitle')}
      confirmLabel={t('resource.common.delete')}
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text size="sm">{t('resource.common.deleteRecordWarning', { name })}</Text>
    </ConfirmDialog>
  );
}

/** The edit controller of this form: a created record opens on its edit page, a deleted one goes back to the list. */
function useFormController(
  resource: AnyResource,
  record: ResourceRecord | null,
  page: {
    routes: ResourceRoutes;
    parentId: string | null;
    /** Where the list (or the parent's page) is. */
    list: string;
    params: Readonly<Record<string, string>>;
    onDirtyChange: (dirty: boolean) => void;
    leave: (to: string) => void;
  },
) {
  const { routes, leave } = page;
  const calls = useResourceCalls(resource, page.parentId);
  return useEditController(resource, record, {
    calls,
    onDirtyChange: page.onDirtyChange,
    onSaved: (saved, created) => {
      // A nested record's page keeps its parent's parameter.
      if (created && routes.edit && routes.idParam)
        leave(fillPath(routes.edit, { ...page.params, [routes.idParam]: saved.id }));
    },
    onDeleted: () => leave(page.list),
  });
}
