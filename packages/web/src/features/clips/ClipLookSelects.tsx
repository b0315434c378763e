import { Grid, Select } from '@mantine/core';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import type { ClipLook } from './use-clip-look.ts';

const choices = (records: readonly ResourceRecord[]) =>
  records.map((record) => ({ value: String(record.id), label: String(record.name) }));

/**
 * The template and skin selects of a clip form, as two half-width columns of its grid: the
 * template brings its skin, which can still be changed (use-clip-look.ts).
 */
export function ClipLookSelects({ template, skin }: Pick<ClipLook, 'template' | 'skin'>) {
  const t = useT();
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('clips.ui.template')}
          placeholder={t('clips.ui.noTemplate')}
          data={choices(template.options)}
          value={template.value}
          onChange={template.set}
          clearable
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('clips.ui.skin')}
          placeholder={t('clips.ui.noSkin')}
          data={choices(skin.options)}
          value={skin.value}
          onChange={skin.set}
          clearable
          disabled={skin.failed}
        />
      </Grid.Col>
    </>
  );
}
