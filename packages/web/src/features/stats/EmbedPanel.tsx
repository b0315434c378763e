import { Anchor, Button, CopyButton, Group, Paper, Text, Textarea, Title } from '@mantine/core';
import type { EmbedSnippetResponse } from '@regie/contract/embed.schemas';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { insightsKeys } from './stats-calls.ts';

/**
 * A record's embeddable player (GET events/{id}/embed, business-players/{id}/embed: contract
 * `embedPaths`): the iframe to paste in a site, a copy button and a link to the public page. An
 * event's plays are what its stats count.
 */
export function EmbedPanel({ path }: { path: string }) {
  const t = useT();
  const api = useApi();
  const titleId = useId();
  const snippet = useQuery({
    queryKey: insightsKeys.embed(path),
    queryFn: ({ signal }) => api.get<EmbedSnippetResponse>(path, undefined, { signal }),
  });
  if (!snippet.data) return null;
  const { url, iframe } = snippet.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb={4}>
        {t('insights.embed.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('insights.embed.hint')}
      </Text>
      <Textarea label={t('insights.embed.code')} value={iframe} readOnly autosize minRows={2} ff="monospace" />
      <Group mt="sm" gap="sm">
        <CopyButton value={iframe} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {t(copied ? 'insights.embed.copied' : 'insights.embed.copy')}
            </Button>
          )}
        </CopyButton>
        <Anchor href={url} target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span">
            {t('insights.embed.open')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
    </Paper>
  );
}
