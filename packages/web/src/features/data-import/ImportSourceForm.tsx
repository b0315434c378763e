import { Anchor, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { DATA_IMPORT_MAX_BYTES } from '@regie/contract/data-import';
import type { FeedAdapterInfo, FeedProvider } from '@regie/contract/feeds';
import type { MessageKey } from '@regie/contract/i18n/en';
import { useT } from '../../i18n/use-t.ts';
import { FileDropzone } from '../../widgets/FileDropzone.tsx';

export type SourceKind = 'file' | 'url' | 'text';

export interface SourceDraft {
  provider: FeedProvider;
  kind: SourceKind;
  file: File | null;
  url: string;
  text: string;
  timeZone: string;
  sportId: string;
  /** The event a match's events go to (a StatsBomb match, a CSV of match events): its id, or ''. */
  eventId: string;
}

const ACCEPT = ['application/json', 'text/csv', 'text/plain', 'application/vnd.ms-excel', '.json', '.csv'];

/** The provider, the sport, and the document: a file (drop zone), a URL, or pasted text. */
export function ImportSourceForm({
  providers,
  sports,
  events,
  draft,
  onChange,
  onRefused,
}: {
  providers: readonly FeedAdapterInfo[];
  sports: readonly { value: string; label: string }[];
  events: readonly { value: string; label: string }[];
  draft: SourceDraft;
  onChange: (draft: SourceDraft) => void;
  onRefused: (message: string | null) => void;
}) {
  const t = useT();
  const set = (patch: Partial<SourceDraft>) => onChange({ ...draft, ...patch });
  const info = providers.find((provider) => provider.provider === draft.provider);
  return (
    <Stack gap="sm">
      <Select
        label={t('dataImport.provider')}
        data={providers.map((provider) => ({
          value: provider.provider,
          label: t(`dataImport.provider.${provider.provider}` as MessageKey),
        }))}
        value={draft.provider}
        allowDeselect={false}
        onChange={(value) => {
          const next = providers.find((provider) => provider.provider === value);
          if (next) set({ provider: next.provider });
        }}
      />
      {info && (
        <Text size="sm" c="dimmed">
          {t('dataImport.providerDocs')}{' '}
          <Anchor href={info.documentation} target="_blank" rel="noreferrer">
            {info.documentation}
          </Anchor>
        </Text>
      )}
      <Select
        label={t('dataImport.sport')}
        description={t('dataImport.sportHint')}
        data={sports}
        value={draft.sportId || null}
        onChange={(value) => set({ sportId: value ?? '' })}
      />
      <Select
        label={t('dataImport.event')}
        description={t(draft.provider === 'statsbomb' ? 'dataImport.eventHintMatch' : 'dataImport.eventHint')}
        data={events}
        value={draft.eventId || null}
        onChange={(value) => set({ eventId: value ?? '' })}
        searchable
        clearable
        required={draft.provider === 'statsbomb'}
        nothingFoundMessage={t('dataImport.noEvents')}
      />
      <Tabs value={draft.kind} onChange={(value) => value && set({ kind: value as SourceKind })}>
        <Tabs.List aria-label={t('dataImport.sourceKind')}>
          <Tabs.Tab value="file">{t('dataImport.source.file')}</Tabs.Tab>
          <Tabs.Tab value="url">{t('dataImport.source.url')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('dataImport.source.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="file" pt="sm">
          <FileDropzone
            accept={ACCEPT}
            maxSize={DATA_IMPORT_MAX_BYTES}
            onFile={(file) => {
              onRefused(null);
              set({ file });
            }}
            onReject={(reason) =>
              onRefused(
                t(reason === 'tooLarge' ? 'dataImport.fileTooLarge' : 'dataImport.fileWrongType', {
                  size: DATA_IMPORT_MAX_BYTES / 1024 / 1024,
                }),
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="url" pt="sm">
          <TextInput
            type="url"
            label={t('dataImport.url')}
            description={t('dataImport.urlHint')}
            placeholder="https://"
            value={draft.url}
            onChange={(event) => set({ url: event.currentTarget.value })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Textarea
            label={t('dataImport.text')}
            description={t('dataImport.textHint')}
            autosize
            minRows={6}
            maxRows={16}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={draft.text}
            onChange={(event) => set({ text: event.currentTarget.value })}
          />
        </Tabs.Panel>
      </Tabs>
      <TextInput
        label={t('dataImport.timeZone')}
        description={t('dataImport.timeZoneHint')}
        placeholder="UTC"
        value={draft.timeZone}
        onChange={(event) => set({ timeZone: event.currentTarget.value })}
      />
    </Stack>
  );
}
