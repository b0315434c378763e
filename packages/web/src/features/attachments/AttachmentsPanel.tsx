import { ActionIcon, Alert, Anchor, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, type Attachment } from '@regie/contract/attachments';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { FileDropzone } from '../../widgets/FileDropzone.tsx';
import { useAttach, useAttachments, useDeleteAttachment } from './attachments-calls.ts';
import { useLocaleFormat } from './locale-format.ts';

const MIB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

/** The attachments with their size and date in the user's language, a download link and a delete button each. */
function AttachmentsTable({ rows, onDelete }: { rows: readonly Attachment[]; onDelete: (row: Attachment) => void }) {
  const t = useT();
  const format = useLocaleFormat();
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('attachments.column.name')}</Table.Th>
          <Table.Th>{t('attachments.column.size')}</Table.Th>
          <Table.Th>{t('attachments.column.date')}</Table.Th>
          <Table.Th>{t('attachments.column.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor href={row.downloadUrl} download={row.name} size="sm">
                {row.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{format.size(row.size)}</Table.Td>
            <Table.Td>{format.date(row.createdAt)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  component="a"
                  href={row.downloadUrl}
                  download={row.name}
                  variant="subtle"
                  aria-label={t('attachments.download', { name: row.name })}
                >
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onDelete(row)}
                  aria-label={t('attachments.delete', { name: row.name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An event's attachments (contract attachments.ts): drop a document to attach it, the list with
 * size and date, download through the signed link, delete after a confirmation.
 */
export function AttachmentsPanel({ eventId }: { eventId: number }) {
  const t = useT();
  const list = useAttachments(eventId);
  const attach = useAttach(eventId);
  const remove = useDeleteAttachment(eventId);
  const [refused, setRefused] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  // A new key empties the drop zone once the file is sent.
  const [dropKey, setDropKey] = useState(0);
  const rows = list.data?.data ?? [];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`attachments-${eventId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`attachments-${eventId}`}>
          {t('attachments.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('attachments.hint', { size: MIB })}
        </Text>
        <FileDropzone
          key={dropKey}
          accept={ATTACHMENT_ACCEPT}
          maxSize={ATTACHMENT_MAX_BYTES}
          onReject={(reason) =>
            setRefused(t(reason === 'tooLarge' ? 'attachments.tooLarge' : 'attachments.wrongType', { size: MIB }))
          }
          onFile={(file) => {
            setRefused(null);
            if (file) attach.mutate(file, { onSettled: () => setDropKey((key) => key + 1) });
          }}
        />
        {attach.percent !== null && (
          <Progress value={attach.percent} aria-label={t('attachments.uploading', { percent: attach.percent })} />
        )}
        {refused && (
          <Alert color="red" variant="light" role="alert">
            {refused}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {list.isLoading ? '…' : t('attachments.empty')}
          </Text>
        ) : (
          <AttachmentsTable rows={rows} onDelete={setDeleting} />
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('attachments.deleteTitle')}
        confirmLabel={t('graphics.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        <Text size="sm">{t('attachments.deleteBody', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Card>
  );
}
