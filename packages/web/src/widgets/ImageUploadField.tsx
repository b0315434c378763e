import { Alert, Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { ACCEPTED_IMAGE_TYPES, IMAGE_MAX_BYTES, type ImageKind } from '@regie/contract/uploads';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type UploadState, useImageUpload } from '../api/upload.ts';
import { useT } from '../i18n/use-t.ts';
import { FileDropzone } from './FileDropzone.tsx';
import { useImageUrl } from './image-url.ts';

interface Props {
  label: string;
  /** The stored image's key (what the upload answered), or null. */
  value: string | null;
  onChange: (key: string | null) => void;
  /** Where in storage the image goes (the field's `imageKind`). */
  kind: ImageKind;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * An image field (spec §4 "Image upload", §5 "Dropzone"): one file, its preview, the upload's
 * progress in percent (bytes sent / file size × 100, then 100), the error when it fails.
 */
export function ImageUploadField({ label, value, onChange, kind, error, required, disabled }: Props) {
  const t = useT();
  const imageUrl = useImageUrl();
  const upload = useImageUpload(kind);
  const [refused, setRefused] = useState<string | null>(null);
  // A new key empties the drop zone after 'Remove'.
  const [dropKey, setDropKey] = useState(0);
  const { status, percent, file } = upload.state;
  const failure =
    refused ?? (status === 'failed' ? t('widgets.image.failed', { message: upload.state.error ?? '' }) : null);

  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error}>
      <Stack gap="xs" mt={4}>
        {value && !file && (
          <Image
            src={imageUrl(value)}
            alt={t('widgets.image.current')}
            h={72}
            w="auto"
            maw={240}
            radius="sm"
            fit="contain"
            bg="gray.1"
          />
        )}
        {!disabled && (
          <FileDropzone
            key={dropKey}
            accept={[...ACCEPTED_IMAGE_TYPES]}
            maxSize={IMAGE_MAX_BYTES}
            onReject={(reason) =>
              setRefused(
                t(reason === 'tooLarge' ? 'widgets.image.tooLarge' : 'widgets.image.wrongType', {
                  size: IMAGE_MAX_BYTES / 1024 / 1024,
                }),
              )
            }
            onFile={async (dropped) => {
              if (!dropped) return;
              setRefused(null);
              const result = await upload.start(dropped);
              if (result) onChange(result.key);
            }}
          />
        )}
        {status !== 'idle' && <UploadProgress status={status} percent={percent} />}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
            {failure}
          </Alert>
        )}
        {(value || file) && !disabled && (
          <Group>
            {/* The default variant: dark text on white (a subtle red one failed axe's color-contrast). */}
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                upload.reset();
                setRefused(null);
                setDropKey((current) => current + 1);
                onChange(null);
              }}
            >
              {t('widgets.image.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** The upload's progress bar and its percentage, read out as it changes. */
function UploadProgress({ status, percent }: Pick<UploadState, 'status' | 'percent'>) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        color={status === 'failed' ? 'red.8' : status === 'done' ? 'teal.8' : undefined}
        animated={status === 'uploading'}
        aria-label={t('widgets.image.progressLabel')}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {status === 'done' ? t('widgets.image.done') : t('widgets.image.progress', { percent })}
      </Text>
    </Stack>
  );
}
