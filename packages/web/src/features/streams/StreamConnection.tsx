import { ActionIcon, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { LiveInput } from '@regie/contract/live';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { useRevealKey, useRotateKey } from './streams-calls.ts';

function Copy({ value }: { value: string }) {
  const t = useT();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('streams.connection.copied') : t('streams.connection.copy')}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={t('streams.connection.copy')}>
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The one URL encoders that take no separate key publish to: rtmp://host:port/live/<key>. */
export function publishUrl(ingestUrl: string, streamKey: string): string {
  return `${ingestUrl.replace(/\/+$/, '')}/${streamKey}`;
}

/**
 * What the encoder needs: the RTMP URL and the stream key, and once the key is revealed the full
 * URL for encoders that take one. The key stays hidden (its last 4 characters shown) until
 * revealed; a new key can be made, which disconnects the current encoder. `title` names the
 * camera where several are shown (an event's Stream tab).
 */
export function StreamConnection({ input, title }: { input: LiveInput; title?: string }) {
  const t = useT();
  const titleId = useId();
  const [key, setKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reveal = useRevealKey(input.id, setKey);
  const rotate = useRotateKey(input.id, (next) => {
    setKey(next);
    setConfirming(false);
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title ?? t('streams.connection.title')}
        </Title>
        <TextInput
          label={t('streams.connection.url')}
          value={input.ingestUrl}
          readOnly
          rightSection={<Copy value={input.ingestUrl} />}
        />
        <TextInput
          label={t('streams.connection.key')}
          value={key ?? t('streams.connection.hidden', { hint: input.streamKeyHint })}
          readOnly
          data-testid="stream-key"
          rightSection={key ? <Copy value={key} /> : null}
        />
        <TextInput
          label={t('streams.connection.fullUrl')}
          description={t('streams.connection.fullUrlHint')}
          value={key ? publishUrl(input.ingestUrl, key) : t('streams.connection.fullUrlHidden')}
          readOnly
          data-testid="stream-full-url"
          rightSection={key ? <Copy value={publishUrl(input.ingestUrl, key)} /> : null}
        />
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={key ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
            loading={reveal.isPending}
            onClick={() => (key ? setKey(null) : reveal.mutate(undefined))}
          >
            {key ? t('streams.connection.hide') : t('streams.connection.reveal')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('streams.connection.rotate')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('streams.connection.rotateTitle')}
        confirmLabel={t('streams.connection.rotate')}
        danger
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined)}
      >
        <Text size="sm">{t('streams.connection.rotateBody')}</Text>
      </ConfirmDialog>
    </Card>
  );
}
