import { Badge, Button, Card, Checkbox, Drawer, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { TAG_CARD_SPACING_PX } from '@regie/contract/ui';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { groupTags, type PickerTag, type TagGroup } from './tag-picker.ts';

interface Props<T extends PickerTag> {
  opened: boolean;
  onClose: () => void;
  tags: readonly T[];
  /** Ids of the chosen tags. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** The label of a tagType (`resource.tags.tagType.player` → 'Player'). */
  typeLabel: (type: string) => string;
  /** Order of the groups: the declaration's tag types. */
  typeOrder?: readonly string[];
  /**
   * The account owning a tag, for platform admins acting for no account (spec §2); leave it out
   * for everybody else.
   */
  accountName?: ((accountId: number) => string | undefined) | undefined;
  loading?: boolean;
}

/**
 * The tag-picker side drawer (spec §2): tags grouped by type, one card per type (margin and
 * padding 25, spec §9) with a count badge, the typed text filtering and ordering them by where
 * it appears in the name.
 */
export function TagPicker<T extends PickerTag>({
  opened,
  onClose,
  tags,
  value,
  onChange,
  typeLabel,
  typeOrder,
  accountName,
  loading = false,
}: Props<T>) {
  const t = useT();
  const idPrefix = useId();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => groupTags(tags, query, typeOrder), [tags, query, typeOrder]);
  const chosen = new Set(value);

  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value.filter((item) => item !== id), id] : value.filter((item) => item !== id));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('widgets.tagPicker.title')}
      closeButtonProps={{ 'aria-label': t('notification.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        <TextInput
          label={t('widgets.tagPicker.filter')}
          placeholder={t('widgets.tagPicker.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('widgets.tagPicker.selected', { count: value.length })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange([])} disabled={value.length === 0}>
            {t('widgets.tagPicker.clear')}
          </Button>
        </Group>
        {loading && <Text c="dimmed">{t('app.loading')}</Text>}
        {!loading && groups.length === 0 && <Text c="dimmed">{t('widgets.autocomplete.noResult')}</Text>}
        {groups.map((group) => (
          <TagGroupCard
            key={group.type}
            headingId={`${idPrefix}-${group.type}`}
            group={group}
            label={typeLabel(group.type)}
            chosen={chosen}
            onToggle={toggle}
            accountName={accountName}
          />
        ))}
        <Button onClick={onClose} mt="sm">
          {t('widgets.tagPicker.done')}
        </Button>
      </Stack>
    </Drawer>
  );
}

interface GroupProps<T extends PickerTag> {
  headingId: string;
  group: TagGroup<T>;
  /** The group's tag type, as the user reads it. */
  label: string;
  chosen: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  accountName: Props<T>['accountName'];
}

/** One tag type's card: its name and count, and a checkbox per tag (with its account for an admin). */
function TagGroupCard<T extends PickerTag>({ headingId, group, label, chosen, onToggle, accountName }: GroupProps<T>) {
  const t = useT();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      m={TAG_CARD_SPACING_PX}
      p={TAG_CARD_SPACING_PX}
    >
      <Group gap="xs" mb={6}>
        <Title order={3} size="h6" id={headingId} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
          {label}
        </Title>
        <Badge
          size="sm"
          variant="light"
          circle={group.count < 10}
          aria-label={t('widgets.tagPicker.count', { count: group.count })}
        >
          {group.count}
        </Badge>
      </Group>
      <Stack gap={6}>
        {group.tags.map((tag) => {
          const account =
            accountName && tag.AccountId != null ? (accountName(tag.AccountId) ?? `#${tag.AccountId}`) : undefined;
          return (
            <Checkbox
              key={tag.id}
              checked={chosen.has(tag.id)}
              onChange={(event) => onToggle(tag.id, event.currentTarget.checked)}
              label={
                <>
                  {tag.name}
                  {account !== undefined && (
                    <>
                      {' '}
                      <Text span size="xs" c="dimmed">
                        · {account}
                      </Text>
                    </>
                  )}
                </>
              }
            />
          );
        })}
      </Stack>
    </Card>
  );
}
