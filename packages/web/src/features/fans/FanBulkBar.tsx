import { Button, Group, Select, Stack } from '@mantine/core';
import { fanPaths } from '@regie/contract/fans';
import type { FanFilter, FanOptions } from '@regie/contract/fans.schemas';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { CsvExportButton } from '../../widgets/CsvExportButton.tsx';
import { useBulkFans, useExactFanCount } from './fans-calls.ts';

interface Props {
  filter: FanFilter;
  total: number;
  /** More than `total` match: the confirm counts them exactly first. */
  totalCapped: boolean;
  options: FanOptions | undefined;
}

/** Actions over every fan the filter holds (all pages): tag, untag, block, unblock, export. */
export function FanBulkBar({ filter, total, totalCapped, options }: Props) {
  const t = useT();
  const bulk = useBulkFans();
  const exactCount = useExactFanCount();
  const [tagId, setTagId] = useState<string | null>(null);
  const run = (
    body: Omit<Parameters<typeof bulk.mutate>[0], 'filter'>,
    confirmKey:
      | 'fans.bulk.confirmBlock'
      | 'fans.bulk.confirmUnblock'
      | 'fans.bulk.confirmTag'
      | 'fans.bulk.confirmUntag',
  ) => {
    void (async () => {
      const count = totalCapped ? await exactCount(filter) : total;
      if (!window.confirm(t(confirmKey, { count }))) return;
      bulk.mutate({ filter, ...body });
    })();
  };
  const tags = (options?.tags ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('fans.bulk.tag')} data={tags} value={tagId} onChange={setTagId} clearable searchable w={220} />
        <Button
          variant="light"
          disabled={tagId === null || total === 0}
          loading={bulk.isPending}
          onClick={() => run({ addTagId: Number(tagId) }, 'fans.bulk.confirmTag')}
        >
          {t('fans.bulk.addTag')}
        </Button>
        <Button
          variant="light"
          disabled={tagId === null || total === 0}
          loading={bulk.isPending}
          onClick={() => run({ removeTagId: Number(tagId) }, 'fans.bulk.confirmUntag')}
        >
          {t('fans.bulk.removeTag')}
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={total === 0}
          loading={bulk.isPending}
          onClick={() => run({ isBlocked: true }, 'fans.bulk.confirmBlock')}
        >
          {t('fans.bulk.block')}
        </Button>
        <Button
          variant="light"
          disabled={total === 0}
          loading={bulk.isPending}
          onClick={() => run({ isBlocked: false }, 'fans.bulk.confirmUnblock')}
        >
          {t('fans.bulk.unblock')}
        </Button>
      </Group>
      <CsvExportButton
        path={fanPaths.export}
        query={filter}
        total={total}
        fallbackName="fans.csv"
        rowsKey="fans.export.rows"
      />
    </Stack>
  );
}
