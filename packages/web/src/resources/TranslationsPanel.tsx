import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { LANGUAGES, type Language } from '@regie/contract/languages';
import type { TranslationEntry } from '@regie/contract/resources/shapes';
import { IconCircleCheckFilled, IconDeviceFloppy, IconLanguage, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useAction } from '../api/action.ts';
import { resourceKeys } from '../api/query-keys.ts';
import { useResourceCalls, useResourceTranslations } from '../api/resource-queries.ts';
import { isLanguage } from '../i18n/language-labels.ts';
import { useT } from '../i18n/use-t.ts';
import { useSession } from '../session/current-session.ts';
import { LimitedTextField } from '../widgets/LimitedTextField.tsx';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';

interface Props {
  resource: AnyResource;
  record: ResourceRecord;
  /** A nested resource's parent record (a season's competition): its calls live under it. */
  parentId?: string | number | null;
  labels: ResourceLabels;
  onDirtyChange: (dirty: boolean) => void;
}

type Drafts = Partial<Record<Language, Record<string, string>>>;

function draftsOf(entries: readonly TranslationEntry[] | undefined, fields: readonly string[]): Drafts {
  const drafts: Drafts = {};
  for (const language of LANGUAGES) {
    const entry = entries?.find((item) => item.language === language);
    drafts[language] = Object.fromEntries(fields.map((field) => [field, entry?.values[field] ?? '']));
  }
  return drafts;
}

/**
 * The translations of a record's translatable fields, one language at a time (spec §7
 * `{res}/{id}/translations`): saving creates or replaces that language's values.
 */
export function TranslationsPanel({ resource, record, parentId = null, labels, onDirtyChange }: Props) {
  const t = useT();
  const { user } = useSession();
  const fields = useMemo(() => [...(resource.translatable ?? [])], [resource]);
  const calls = useResourceCalls(resource, parentId);
  const translations = useResourceTranslations(resource, String(record.id), parentId);
  const saved = useMemo(() => draftsOf(translations.data, fields), [translations.data, fields]);
  const [drafts, setDrafts] = useDraftsOf(saved);
  const [language, setLanguage] = useState<Language>(LANGUAGES[0]);
  // Its own id: a record's dialog may show a second panel over the page's.
  const titleId = useId();

  const entryOf = (code: Language) => translations.data?.find((entry) => entry.language === code);
  // The language's id: from an existing entry, else from the languages the context lists.
  const languageId = (code: Language) =>
    entryOf(code)?.LanguageId ?? user?.languages?.available.find((item) => item.code === code)?.id ?? null;
  const dirtyLanguages = LANGUAGES.filter((code) => JSON.stringify(drafts[code]) !== JSON.stringify(saved[code]));
  const dirty = dirtyLanguages.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const invalidate = [resourceKeys.translations(resource.name, String(record.id))];
  const save = useAction(
    ({ id, values }: { id: number; values: Record<string, string> }) => calls.saveTranslation(record.id, id, values),
    { invalidate },
  );
  const remove = useAction((id: number) => calls.removeTranslation(record.id, id), { invalidate });

  const id = languageId(language);
  const entry = entryOf(language);
  const draft = drafts[language] ?? {};
  const values = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));

  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <IconLanguage size={22} aria-hidden color="var(--mantine-color-regie-8)" />
            <div>
              <Title order={2} size="h4" id={titleId}>
                {t('resource.common.translations')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('resource.common.translationsHint')}
              </Text>
            </div>
          </Group>
          <LanguageSwitch value={language} onChange={setLanguage} translated={(code) => entryOf(code) !== undefined} />
        </Group>
        {fields.map((field) => (
          <TranslationField
            key={`${language}-${field}`}
            ui={resource.ui[field]}
            label={`${labels.field(field)} (${language.toUpperCase()})`}
            original={record[field]}
            value={draft[field] ?? ''}
            disabled={translations.isPending}
            onChange={(value) =>
              setDrafts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }))
            }
          />
        ))}
        {id === null && (
          <Text size="sm" c="red.9">
            {t('resource.common.languageUnavailable')}
          </Text>
        )}
        <TranslationButtons
          removing={remove.isPending}
          onRemove={entry ? () => remove.mutate(entry.LanguageId, { onError: () => undefined }) : null}
          saving={save.isPending}
          onSave={
            id === null || !dirtyLanguages.includes(language) || Object.keys(values).length === 0
              ? null
              : () => save.mutate({ id, values }, { onError: () => undefined })
          }
        />
      </Stack>
    </Paper>
  );
}

/** The drafts of every language; new values from the server replace them. */
function useDraftsOf(saved: Drafts) {
  const [drafts, setDrafts] = useState<Drafts>(saved);
  const [shown, setShown] = useState(saved);
  // Replaced during the render, not in an effect, so the form never flashes as "changed".
  if (shown !== saved) {
    setShown(saved);
    setDrafts(saved);
  }
  return [drafts, setDrafts] as const;
}

/** Delete (when the language has a translation) and save (when there is something to save). */
function TranslationButtons({
  removing,
  onRemove,
  saving,
  onSave,
}: {
  removing: boolean;
  /** Null: the language has no translation to delete. */
  onRemove: (() => void) | null;
  saving: boolean;
  /** Null: nothing to save (no change, all empty, or the language unknown to the account). */
  onSave: (() => void) | null;
}) {
  const t = useT();
  return (
    <Group justify="flex-end" gap="sm">
      {onRemove && (
        <Button
          variant="subtle"
          color="red.8"
          // A subtle button's text takes at most shade 6 (3.3:1 on white): its own darker red.
          c="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={removing}
          onClick={onRemove}
        >
          {t('resource.common.deleteTranslation')}
        </Button>
      )}
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        disabled={!onSave}
        loading={saving}
        onClick={() => onSave?.()}
      >
        {t('resource.common.saveTranslation')}
      </Button>
    </Group>
  );
}

/** The language being translated, each marked when it has a translation. */
function LanguageSwitch({
  value,
  onChange,
  translated,
}: {
  value: Language;
  onChange: (language: Language) => void;
  translated: (language: Language) => boolean;
}) {
  const t = useT();
  return (
    <SegmentedControl
      aria-label={t('resource.common.language')}
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) onChange(next);
      }}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: (
          <Group gap={6} wrap="nowrap" justify="center">
            <span>{t(code === 'en' ? 'language.en' : 'language.fr')}</span>
            {translated(code) && (
              <>
                <IconCircleCheckFilled size={15} color="var(--mantine-color-teal-8)" aria-hidden />
                <VisuallyHidden>{t('resource.common.translated')}</VisuallyHidden>
              </>
            )}
          </Group>
        ),
      }))}
    />
  );
}

/** One translatable field in the language shown, with the original value as its description. */
function TranslationField({
  ui,
  label,
  original,
  value,
  disabled,
  onChange,
}: {
  ui: AnyResource['ui'][string] | undefined;
  label: string;
  original: unknown;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const common = {
    label,
    description: t('resource.common.original', { value: typeof original === 'string' ? original : '' }),
    value,
    disabled,
  };
  return ui?.widget === 'limitedText' && ui.textLimit ? (
    <LimitedTextField {...common} textLimit={ui.textLimit} onChange={onChange} />
  ) : (
    <TextInput {...common} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
