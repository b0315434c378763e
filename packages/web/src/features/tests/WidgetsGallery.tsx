import { Button, Group, Paper, Pill, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { TAG_TYPES } from '@regie/contract/resources/tags';
import { MESSAGE_TYPES, type MessageType } from '@regie/contract/ui';
import { type ReactNode, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../api/notify.ts';
import { T } from '../../i18n/T.tsx';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { DateTimeField } from '../../widgets/DateTimeField.tsx';
import { FileDropzone } from '../../widgets/FileDropzone.tsx';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';
import { type ItemGroup, ItemsDrawer } from '../../widgets/ItemsDrawer.tsx';
import { LimitedTextField } from '../../widgets/LimitedTextField.tsx';
import { openDialog, openDrawer } from '../../widgets/overlays.tsx';
import { PasswordField } from '../../widgets/PasswordField.tsx';
import { SearchCombobox } from '../../widgets/SearchCombobox.tsx';
import { SelectField } from '../../widgets/SelectField.tsx';
import { TagPicker } from '../../widgets/TagPicker.tsx';
import type { PickerTag } from '../../widgets/tag-picker.ts';

const MESSAGE_LABELS: Record<MessageType, MessageKey> = {
  danger: 'widgets.gallery.messageDanger',
  info: 'widgets.gallery.messageInfo',
  warning: 'widgets.gallery.messageWarning',
  success: 'widgets.gallery.messageSuccess',
};

/** Sample data of the gallery: what a sport-event screen would search. */
const SAMPLE_TEAMS = ['Olympique Lyonnais', 'Paris Saint-Germain', 'Stade Rennais', 'Stade de Reims', 'Lille OSC'];

/** Tags of two accounts, as a platform admin acting for no account would get them. */
const SAMPLE_TAGS: PickerTag[] = [
  { id: 1, name: 'Derby', tagType: 'theme', AccountId: 2 },
  { id: 2, name: 'Alexandre Lacazette', tagType: 'player', AccountId: 2 },
  { id: 3, name: 'Kylian Mbappé', tagType: 'player', AccountId: 3 },
  { id: 4, name: 'Olympique Lyonnais', tagType: 'team', AccountId: 2 },
  { id: 5, name: 'Paris Saint-Germain', tagType: 'team', AccountId: 3 },
  { id: 6, name: 'Goal', tagType: 'action', AccountId: 2 },
  { id: 7, name: 'Own goal', tagType: 'action', AccountId: 3 },
  { id: 8, name: 'Penalty', tagType: 'action', AccountId: 2 },
  { id: 9, name: 'Red card', tagType: 'action', AccountId: 2 },
  { id: 10, name: 'Goalkeeper save', tagType: 'action', AccountId: 3 },
  { id: 11, name: 'Stadium Partner', tagType: 'sponsor', AccountId: 2 },
  { id: 12, name: 'Final', tagType: 'other', AccountId: 3 },
];
const SAMPLE_ACCOUNTS = new Map([
  [2, 'Olympique'],
  [3, 'Paris Club'],
]);
const SAMPLE_SQUADS: ItemGroup[] = [
  {
    id: 'ol',
    label: 'Olympique Lyonnais',
    items: [
      { id: 'ol-1', label: 'Anthony Lopes', description: 'Goalkeeper' },
      { id: 'ol-2', label: 'Alexandre Lacazette', description: 'Forward' },
      { id: 'ol-3', label: 'Corentin Tolisso', description: 'Midfielder' },
    ],
  },
  {
    id: 'psg',
    label: 'Paris Saint-Germain',
    items: [
      { id: 'psg-1', label: 'Gianluigi Donnarumma', description: 'Goalkeeper' },
      { id: 'psg-2', label: 'Marquinhos', description: 'Defender' },
    ],
  },
];

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} size="h5" mb="sm">
        <T k={title} />
      </Title>
      {children}
    </Paper>
  );
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** /tests/widgets: the shared widgets side by side (development builds only). */
export function WidgetsGallery() {
  const t = useT();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>('not a date');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const label = useLabel();
  const [tagsOpen, setTagsOpen] = useState(false);
  const [tagIds, setTagIds] = useState<number[]>([2, 6]);
  const [adminView, setAdminView] = useState(false);
  const [itemsOpen, setItemsOpen] = useState(false);
  const [itemIds, setItemIds] = useState<string[]>([]);
  const [image, setImage] = useState<string | null>(null);
  const succeed = useAction(() => wait(800));
  const fail = useAction(async () => {
    await wait(800);
    throw new ApiError(409, { statusCode: 409, error: 'Conflict', message: t('widgets.gallery.sampleError') });
  });
  const matches = query.trim()
    ? SAMPLE_TEAMS.filter((team) => team.toLowerCase().includes(query.trim().toLowerCase()))
    : [];

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Section title="widgets.gallery.messages">
        <Stack gap="sm">
          <Group gap="xs">
            {MESSAGE_TYPES.map((type) => (
              <Button
                key={type}
                variant="default"
                size="xs"
                onClick={() =>
                  notify({ type, text: t('widgets.gallery.sampleMessage', { type: t(MESSAGE_LABELS[type]) }) })
                }
              >
                {t(MESSAGE_LABELS[type])}
              </Button>
            ))}
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => succeed.mutate(undefined)}>
              <T k="widgets.gallery.actionSuccess" />
            </Button>
            <Button size="xs" variant="default" onClick={() => fail.mutate(undefined, { onError: () => undefined })}>
              <T k="widgets.gallery.actionFailure" />
            </Button>
          </Group>
        </Stack>
      </Section>
      <Section title="widgets.gallery.fields">
        <Stack gap="sm">
          <LimitedTextField label={t('widgets.gallery.limitedText')} textLimit={40} value={text} onChange={setText} />
          <PasswordField label={t('widgets.gallery.secret')} autoComplete="new-password" />
          <SelectField
            label={t('widgets.gallery.select')}
            data={SAMPLE_TEAMS.map((team) => ({ value: team, label: team }))}
            value={choice}
            onChange={setChoice}
          />
          <DateTimeField label={t('widgets.gallery.dateTime')} value={date} onChange={setDate} />
        </Stack>
      </Section>
      <Section title="widgets.gallery.search">
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
      </Section>
      <Section title="widgets.gallery.file">
        <FileDropzone accept={['image/png', 'image/jpeg', 'image/svg+xml', 'video/mp4']} onFile={() => undefined} />
      </Section>
      <Section title="widgets.gallery.tagPicker">
        <Stack gap="sm" align="flex-start">
          <Switch
            label={t('widgets.gallery.tagPickerAdmin')}
            checked={adminView}
            onChange={(event) => setAdminView(event.currentTarget.checked)}
          />
          <Button variant="default" onClick={() => setTagsOpen(true)}>
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
          opened={tagsOpen}
          onClose={() => setTagsOpen(false)}
          tags={SAMPLE_TAGS}
          value={tagIds}
          onChange={setTagIds}
          typeLabel={(type) => label(`resource.tags.tagType.${type}`)}
          typeOrder={TAG_TYPES}
          accountName={adminView ? (id) => SAMPLE_ACCOUNTS.get(id) : undefined}
        />
      </Section>
      <Section title="widgets.gallery.itemsDrawer">
        <Stack gap="sm" align="flex-start">
          <Button variant="default" onClick={() => setItemsOpen(true)}>
            <T k="widgets.gallery.itemsDrawerOpen" />
          </Button>
          <Text size="sm" c="dimmed">
            <T k="widgets.itemsDrawer.selected" values={{ count: itemIds.length }} />
          </Text>
        </Stack>
        <ItemsDrawer
          opened={itemsOpen}
          onClose={() => setItemsOpen(false)}
          title={t('widgets.gallery.itemsDrawerTitle')}
          groups={SAMPLE_SQUADS}
          value={itemIds}
          onChange={setItemIds}
        />
      </Section>
      <Section title="widgets.gallery.image">
        <ImageUploadField label={t('widgets.gallery.imageLabel')} value={image} onChange={setImage} kind="picture" />
      </Section>
      <Section title="widgets.gallery.overlays">
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() =>
              openDialog({
                title: t('widgets.gallery.dialog'),
                content: <Text>{t('widgets.gallery.overlayText')}</Text>,
              })
            }
          >
            <T k="widgets.gallery.dialog" />
          </Button>
          <Button
            variant="default"
            onClick={() =>
              openDrawer({
                title: t('widgets.gallery.drawer'),
                content: <Text>{t('widgets.gallery.overlayText')}</Text>,
              })
            }
          >
            <T k="widgets.gallery.drawer" />
          </Button>
        </Group>
      </Section>
      <Section title="widgets.gallery.missingKey">
        <Text size="sm" c="dimmed" mb="xs">
          <T k="widgets.gallery.missingKeyHint" />
        </Text>
        <T k={'widgets.gallery.thisKeyDoesNotExist' as MessageKey} />
      </Section>
    </SimpleGrid>
  );
}
