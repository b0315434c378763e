import { Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import type { FanFilter, FanOptions } from '@regie/contract/fans.schemas';
import { useState } from 'react';
import { errorMessage } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { notify } from '../../api/notify.ts';
import { useT } from '../../i18n/use-t.ts';
import { useBulkFans } from './fans-calls.ts';
import { downloadFans, type ExportProgress } from './fans-export.ts';

interface Props {
  filter: FanFilter;
  total: number;
  options: FanOptions | undefined;
}

/** Actions over every fan the filter holds (all pages): tag, untag, block, unblock, export. */
export function FanBulkBar({ filter, total, options }: Props) {
  const t = useT();
  const bulk = useBulkFans();
  const [tagId, setTagId] = useState<string | null>(null);
  const run = (
    body: Omit<Parameters<typeof bulk.mutate>[0], 'filter'>,
    confirmKey:
      | 'fans.bulk.confirmBlock'
      | 'fans.bulk.confirmUnblock'
      | 'fans.bulk.confirmTag'
      | 'fans.bulk.confirmUntag',
  ) => {
    if (!window.confirm(t(confirmKey, { count: total }))) return;
    bulk.mutate({ filter, ...body });
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
      <FanExport filter={filter} total={total} />
    </Stack>
  );
}

/** The CSV export of every fan the filter holds, with the rows received so far. */
function FanExport({ filter, total }: { filter: FanFilter; total: number }) {
  const t = useT();
  const api = useApi();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const exportAll = async () => {
    setProgress({ rows: 0, total });
    try {
      await downloadFans(api, filter, setProgress);
    } catch (error) {
      notify({ type: 'danger', text: errorMessage(error, t) });
    } finally {
      setProgress(null);
    }
  };
  const percent = progress && progress.total > 0 ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Stack gap={4} align="flex-start">
      <Button onClick={exportAll} loading={progress !== null} disabled={total === 0}>
        {t('fans.export.button')}
      </Button>
      {progress && (
        <Stack gap={4} w="100%">
          <Progress value={percent} aria-label={t('fans.export.progress')} animated />
          <Text size="sm" aria-live="polite">
            {t('fans.export.rows', { rows: progress.rows, total: progress.total })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
