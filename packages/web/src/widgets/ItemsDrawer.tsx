import { Accordion, Badge, Button, Checkbox, Drawer, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.ts';

export interface DrawerItem {
  id: string;
  label: string;
  description?: string;
}

export interface ItemGroup {
  id: string;
  label: string;
  items: readonly DrawerItem[];
}

interface Props {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  groups: readonly ItemGroup[];
  /** Ids of the chosen items. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Groups open at first; default the first one. */
  defaultOpened?: readonly string[];
  /** A search box above the groups (the caller asks the server; chosen items stay chosen). */
  search?: { value: string; onChange: (value: string) => void };
}

/** How many of a group's items are chosen: none, some or all (the group checkbox's state). */
export function groupSelection(group: ItemGroup, chosen: ReadonlySet<string>): 'none' | 'some' | 'all' {
  const count = group.items.filter((item) => chosen.has(item.id)).length;
  if (count === 0) return 'none';
  return count === group.items.length ? 'all' : 'some';
}

/**
 * The items drawer (spec §2): a side drawer of selectable items in expandable groups, each group
 * with a count of chosen items and a checkbox choosing all of its items.
 */
export function ItemsDrawer({ opened, onClose, title, groups, value, onChange, defaultOpened, search }: Props) {
  const t = useT();
  const chosen = new Set(value);
  const toggleItem = (id: string, checked: boolean) =>
    onChange(checked ? [...value.filter((item) => item !== id), id] : value.filter((item) => item !== id));
  const toggleGroup = (group: ItemGroup, checked: boolean) => {
    const ids = new Set(group.items.map((item) => item.id));
    const others = value.filter((id) => !ids.has(id));
    onChange(checked ? [...others, ...ids] : others);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={title}
      closeButtonProps={{ 'aria-label': t('notification.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        {search && (
          <TextInput
            label={t('widgets.itemsDrawer.search')}
            placeholder={t('widgets.itemsDrawer.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.value}
            onChange={(event) => search.onChange(event.currentTarget.value)}
            data-autofocus
          />
        )}
        {search && groups.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            {t('widgets.itemsDrawer.noMatch')}
          </Text>
        )}
        <Accordion
          multiple
          variant="separated"
          radius="md"
          defaultValue={[...(defaultOpened ?? groups.slice(0, 1).map((group) => group.id))]}
        >
          {groups.map((group) => (
            <ItemGroupPanel
              key={group.id}
              group={group}
              chosen={chosen}
              onToggleGroup={(checked) => toggleGroup(group, checked)}
              onToggleItem={toggleItem}
            />
          ))}
        </Accordion>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('widgets.itemsDrawer.selected', { count: value.length })}
          </Text>
          <Button onClick={onClose}>{t('widgets.tagPicker.done')}</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

interface ItemGroupPanelProps {
  group: ItemGroup;
  chosen: ReadonlySet<string>;
  onToggleGroup: (checked: boolean) => void;
  onToggleItem: (id: string, checked: boolean) => void;
}

/** One expandable group: its label and count of chosen items, a choose-all checkbox, then its items. */
function ItemGroupPanel({ group, chosen, onToggleGroup, onToggleItem }: ItemGroupPanelProps) {
  const t = useT();
  const selection = groupSelection(group, chosen);
  const count = group.items.filter((item) => chosen.has(item.id)).length;
  return (
    <Accordion.Item value={group.id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" pr="xs">
          <Text fw={600}>{group.label}</Text>
          <Badge variant={count > 0 ? 'filled' : 'light'} size="sm">
            {t('widgets.itemsDrawer.count', { count, total: group.items.length })}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap={8}>
          <Checkbox
            label={t('widgets.itemsDrawer.selectAll', { group: group.label })}
            checked={selection === 'all'}
            indeterminate={selection === 'some'}
            onChange={(event) => onToggleGroup(event.currentTarget.checked)}
            fw={500}
          />
          {group.items.map((item) => (
            <Checkbox
              key={item.id}
              ml="md"
              label={item.label}
              description={item.description}
              checked={chosen.has(item.id)}
              onChange={(event) => onToggleItem(item.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
