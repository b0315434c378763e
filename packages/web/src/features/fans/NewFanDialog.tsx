import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { FAN_LIMITS } from '@regie/contract/fans';
import type { FanSaved } from '@regie/contract/fans.schemas';
import { type FormEvent, useState } from 'react';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { FanFields } from './FanForm.tsx';
import { createBody, NEW_FAN } from './fan-form.ts';
import { fanTagLabel } from './fan-tag-label.ts';
import { useCreateFan, useFanOptions } from './fans-calls.ts';
import { useFanForm } from './use-fan-form.ts';

/**
 * "New fan" in the CRM's list: a fan added by hand, who gets the sign-up's confirmation mail and
 * stays pending until they confirm it. `onCreated` gets the new fan (the list opens their page).
 */
export function NewFanDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (fan: FanSaved) => void }) {
  const t = useT();
  const label = useLabel();
  const options = useFanOptions();
  const form = useFanForm(NEW_FAN);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const create = useCreateFan(onCreated);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.checked()) return;
    create.mutate(createBody(form.values, tagIds.map(Number)), { onError: form.refused });
  };
  const tagChoices = (options.data?.tags ?? []).map((tag) => ({
    value: String(tag.id),
    label: fanTagLabel(tag, label),
  }));
  const title = t('fans.new.title');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('notification.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{t('fans.new.intro')}</Text>
          <FanFields values={form.values} errors={form.errors} onChange={form.change} creating />
          <MultiSelect
            label={t('fans.field.tags')}
            data={tagChoices}
            value={tagIds}
            onChange={(next) => {
              setTagIds(next);
              form.clearError('tagIds');
            }}
            maxValues={FAN_LIMITS.createTagsMax}
            error={form.errors.tagIds}
            searchable
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('fans.new.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('fans.new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
