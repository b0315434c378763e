import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { useRetryEncoding } from './video-calls.ts';

/** Its encode was cancelled: it says so, and whoever may write encodes the kept original again. */
export function EncodeCancelled({
  videoId,
  hasOriginal,
  mayEncode,
}: {
  videoId: number;
  hasOriginal: boolean;
  mayEncode: boolean;
}) {
  const t = useT();
  const encode = useRetryEncoding(videoId);
  return (
    <Alert color="gray" variant="light" icon={<IconPlayerStop aria-hidden />} title={t('videos.edit.cancelled')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(hasOriginal ? 'videos.edit.cancelledHint' : 'videos.edit.cancelledNoFile')}</Text>
        {mayEncode && (
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => encode.mutate(undefined)}
            loading={encode.isPending}
          >
            {t('videos.edit.encodeAgain')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
