import { Alert, Box, Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { resourceCalls } from '../api/resource-api.ts';
import { useT } from '../i18n/use-t.ts';
import { fieldUiOf, type ResourceRecord } from './any-resource.ts';
import { FieldInput } from './FieldInput.tsx';
import { accepts, formFields, isRequired } from './form-state.ts';
import type { ChildResource } from './nested-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';
import { TranslationsPanel } from './TranslationsPanel.tsx';
import { useEditController } from './use-edit-controller.ts';

interface Props {
  child: ChildResource;
  parentId: number;
  /** The record to change; null to make one. */
  record: ResourceRecord | null;
  calls: ReturnType<typeof resourceCalls>;
  labels: ResourceLabels;
  onClose: () => void;
}

const ignoreDirty = () => undefined;

/**
 * Makes or changes one child record in a dialog, with the generic form's checks and errors; an
 * existing record of a translatable resource has its translations under the form.
 */
export function NestedRecordDialog({ child, parentId, record, calls, labels, onClose }: Props) {
  const t = useT();
  const { resource, parentField, nested } = child;
  const fields = formFields(resource).filter((field) => !resource.ui[field]?.readOnly);
  const { form, save, submit, message } = useEditController(resource, record, {
    calls,
    createBody: (body) => (nested ? body : { ...body, [parentField]: parentId }),
    onSaved: onClose,
  });

  const title = record ? String(record.name ?? `#${record.id}`) : labels.newRecord();
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>{title}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('notification.close') }}
    >
      <form onSubmit={(event) => void submit(event, fields)} noValidate aria-label={title}>
        <Stack gap="md">
          {form.serverErrors.general.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {form.serverErrors.general.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Alert>
          )}
          <Grid gap="md">
            {fields.map((field) => {
              const ui = fieldUiOf(resource, field);
              const schema = resource.fields.shape[field];
              const display = form.display(field);
              return (
                <Grid.Col key={field} span={{ base: 12, sm: ui.widget === 'image' ? 12 : 6 }}>
                  <FieldInput
                    field={field}
                    ui={ui}
                    label={labels.field(field)}
                    record={record}
                    value={form.values[field]}
                    onChange={(value) => form.setValue(field, value)}
                    onBlur={() => form.touch(field)}
                    error={message(display.error)}
                    tone={display.tone}
                    required={isRequired(schema, ui)}
                    nullable={accepts(schema, null)}
                    disabled={false}
                    labels={labels}
                  />
                </Grid.Col>
              );
            })}
          </Grid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('resource.common.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={save.isPending}
              disabled={record !== null && !form.dirty}
            >
              {t('resource.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {record && (resource.translatable?.length ?? 0) > 0 && (
        // Beside the form, not in it: the translations are saved on their own (a round's French name).
        <Box mt="lg">
          <TranslationsPanel
            resource={resource}
            record={record}
            parentId={nested ? parentId : null}
            labels={labels}
            onDirtyChange={ignoreDirty}
          />
        </Box>
      )}
    </Modal>
  );
}
