import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage, useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { useT } from '../../../i18n/use-t.ts';
import { type VideoDetails, videoUploadCalls } from './upload-calls.ts';

/**
 * POST videos/import-url: the server downloads the file in a job. Its refusals (a private
 * address, a bad scheme) are shown under the field as well as in the notification zone.
 */
export function ImportFromUrl({
  details,
  onImported,
}: {
  details: VideoDetails;
  onImported: (videoId: number) => void;
}) {
  const t = useT();
  const client = useApi();
  const calls = useMemo(() => videoUploadCalls(client), [client]);
  const [url, setUrl] = useState('');
  const submit = useAction(
    async (input: { url: string; details: VideoDetails }) => {
      const { video } = await calls.importUrl(input.url, input.details.title.trim());
      // The description is not part of an import request: it is saved on the new video.
      await calls.saveDetails(video.id, { description: input.details.description });
      return video.id;
    },
    { pending: 'videos.import.pending', success: 'videos.import.started', onSuccess: onImported },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) submit.mutate({ url: url.trim(), details });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          type="url"
          label={t('videos.import.url')}
          description={t('videos.import.hint')}
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
        />
        {submit.isError && (
          <Alert color="red" variant="light" title={t('videos.import.refused')} role="alert">
            {errorMessage(submit.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={submit.isPending}
            disabled={!url.trim()}
          >
            {t('videos.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
