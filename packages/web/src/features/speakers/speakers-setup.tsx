import { Button, Group, Stack } from '@mantine/core';
import { SPEAKERS_CSV_PATH, speakersResource } from '@regie/contract/resources/speakers';
import { IconFileDownload } from '@tabler/icons-react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { csvFileName, downloadCsv } from '../../resources/csv.ts';
import type { ResourceSetup } from '../../resources/customization.ts';
import { ResourceList } from '../../resources/ResourceList.tsx';
import type { ResourceScreenProps } from '../../resources/resource-screens.ts';

/** The speakers list, with the account's export made by the server (GET speakers/account/csv, spec §7). */
function SpeakersList({ resource, routes }: ResourceScreenProps) {
  const t = useT();
  const client = useApi();
  const exportAll = useAction(
    async () => {
      const csv = await client.get<string>(SPEAKERS_CSV_PATH);
      // The byte order mark is the browser's to add back (the text decoder drops it).
      downloadCsv(csvFileName(resource.name), csv.replace(/^\uFEFF/, ''));
    },
    { pending: false, success: false },
  );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileDownload size={14} aria-hidden />}
          loading={exportAll.isPending}
          onClick={() => exportAll.mutate(undefined, { onError: () => undefined })}
        >
          {t('speakers.exportAll')}
        </Button>
      </Group>
      <ResourceList resource={resource} routes={routes} />
    </Stack>
  );
}

export const speakersSetup: ResourceSetup = {
  resource: speakersResource,
  custom: { ListScreen: SpeakersList },
};
