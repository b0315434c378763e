import { Button, Group, Pill, Stack, Switch, Text } from '@mantine/core';
import { TAG_TYPES } from '@regie/contract/resources/tags';
import { useState } from 'react';
import { T } from '../../i18n/T.tsx';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { ItemsDrawer } from '../../widgets/ItemsDrawer.tsx';
import { SearchCombobox } from '../../widgets/SearchCombobox.tsx';
import { TagPicker } from '../../widgets/TagPicker.tsx';
import { GallerySection } from './GallerySection.tsx';
import { SAMPLE_ACCOUNTS, SAMPLE_SQUADS, SAMPLE_TAGS, SAMPLE_TEAMS } from './gallery-samples.ts';

/** A search box proposing the matching teams. */
export function SearchSection() {
  const t = useT();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const matches = query.trim()
    ? SAMPLE_TEAMS.filter((team) => team.toLowerCase().includes(query.trim().toLowerCase()))
    : [];
  return (
    <GallerySection title="widgets.gallery.search">
      <SearchCombobox
        label={t('widgets.gallery.searchLabel')}
        query={query}
        onQueryChange={setQuery}
        options={matches.map((team) => ({ value: team, label: team, item: team }))}
        emptyText={query.trim() && matches.length === 0 ? t('widgets.autocomplete.noResult') : null}
        onSelect={(option) => {
          setPicked(option.item);
          setQuery('');
        }}
      />
      {picked && (
        <Text size="sm" mt="xs">
          <T k="widgets.gallery.picked" values={{ value: picked }} />
        </Text>
      )}
    </GallerySection>
  );
}

/** The tag picker over tags of two accounts, as a user of one account or a platform admin sees it. */
export function TagPickerSection() {
  const t = useT();
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [tagIds, setTagIds] = useState<number[]>([2, 6]);
  const [adminView, setAdminView] = useState(false);
  return (
    <GallerySection title="widgets.gallery.tagPicker">
      <Stack gap="sm" align="flex-start">
        <Switch
          label={t('widgets.gallery.tagPickerAdmin')}
          checked={adminView}
          onChange={(event) => setAdminView(event.currentTarget.checked)}
        />
        <Button variant="default" onClick={() => setOpen(true)}>
          <T k="widgets.gallery.tagPickerOpen" />
        </Button>
        <Group gap={6}>
          {tagIds.length === 0 && (
            <Text size="sm" c="dimmed">
              <T k="widgets.gallery.noneChosen" />
            </Text>
          )}
          {SAMPLE_TAGS.filter((tag) => tagIds.includes(tag.id)).map((tag) => (
            <Pill key={tag.id}>{tag.name}</Pill>
          ))}
        </Group>
      </Stack>
      <TagPicker
        opened={open}
        onClose={() => setOpen(false)}
        tags={SAMPLE_TAGS}
        value={tagIds}
        onChange={setTagIds}
        typeLabel={(type) => label(`resource.tags.tagType.${type}`)}
        typeOrder={TAG_TYPES}
        accountName={adminView ? (id) => SAMPLE_ACCOUNTS.get(id) : undefined}
      />
    </GallerySection>
  );
}

/** The items drawer over two squads. */
export function ItemsDrawerSection() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [itemIds, setItemIds] = useState<string[]>([]);
  return (
    <GallerySection title="widgets.gallery.itemsDrawer">
      <Stack gap="sm" align="flex-start">
        <Button variant="default" onClick={() => setOpen(true)}>
          <T k="widgets.gallery.itemsDrawerOpen" />
        </Button>
        <Text size="sm" c="dimmed">
          <T k="widgets.itemsDrawer.selected" values={{ count: itemIds.length }} />
        </Text>
      </Stack>
      <ItemsDrawer
        opened={open}
        onClose={() => setOpen(false)}
        title={t('widgets.gallery.itemsDrawerTitle')}
        groups={SAMPLE_SQUADS}
        value={itemIds}
        onChange={setItemIds}
      />
    </GallerySection>
  );
}
