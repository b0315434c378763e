import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.ts';

interface Props {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action shows its button in red. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a dialog (delete, leave with unsaved changes). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<Text fw={650}>{title}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('notification.close') }}
    >
      {children}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('resource.common.cancel')}
        </Button>
        <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
