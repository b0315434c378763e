import { Button, Group, Input, Pill, Stack, Text } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import { TAG_TYPES } from '@regie/contract/resources/tags';
import { IconTags } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { referenceLocation, useAccountNames, useResourceOptions } from '../api/resource-queries.ts';
import { useLabel, useT } from '../i18n/use-t.ts';
import type { ResourceRecord } from '../resources/any-resource.ts';
import { useAccessSubject } from '../session/access.ts';
import { useSession } from '../session/current-session.ts';
import { TagPicker } from './TagPicker.tsx';
import type { PickerTag } from './tag-picker.ts';

const TAGS = referenceLocation('tags');

interface Props {
  label: string;
  /** Ids of the chosen tags. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

function pickerTag(record: ResourceRecord): PickerTag {
  const accountId = record.AccountId;
  return {
    id: record.id,
    name: String(record.name ?? `#${record.id}`),
    tagType: String(record.tagType ?? 'other'),
    AccountId: typeof accountId === 'number' ? accountId : null,
  };
}

/**
 * Where tags are attached to a record (videos; events and fans as they come): the chosen tags,
 * and the tag-picker drawer of spec §2 to change them. A platform admin sees each tag's account
 * beside it (spec §2), whether acting for an account or not.
 */
export function TagPickerField({ label, value, onChange, onBlur, error, required, disabled }: Props) {
  const t = useT();
  const typeLabel = useLabel();
  const [opened, setOpened] = useState(false);
  const subject = useAccessSubject();
  const { simulatedAccount } = useSession();
  const admin = isPlatformAdmin(subject);
  // Acting for an account, the admin knows its name already (and may not list the accounts).
  const accountNames = useAccountNames(admin && !simulatedAccount);
  const accountName = admin
    ? (id: number) => (id === simulatedAccount?.id ? simulatedAccount.name : accountNames.get(id))
    : undefined;
  // An account has tens of tags, not thousands: one page of the largest size holds them all.
  const list = useResourceOptions(TAGS, '', { limit: LIST_LIMITS.maxLimit });
  const tags = useMemo(() => (list.data?.data ?? []).map(pickerTag), [list.data]);
  const byId = new Map(tags.map((tag) => [tag.id, tag]));

  const close = () => {
    setOpened(false);
    onBlur?.();
  };

  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Stack gap="xs" mt={4}>
        <Group gap={6}>
          {value.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('widgets.tagPicker.none')}
            </Text>
          )}
          {value.map((id) => (
            <Pill key={id}>{byId.get(id)?.name ?? `#${id}`}</Pill>
          ))}
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconTags size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={disabled}
          aria-haspopup="dialog"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('widgets.tagPicker.open')}
        </Button>
      </Stack>
      <TagPicker
        opened={opened}
        onClose={close}
        tags={tags}
        value={value}
        onChange={onChange}
        typeLabel={(type) => typeLabel(`resource.tags.tagType.${type}`)}
        typeOrder={TAG_TYPES}
        accountName={accountName}
        loading={list.isLoading}
      />
    </Input.Wrapper>
  );
}
