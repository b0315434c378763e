import '@mantine/dropzone/styles.css';
import { Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconMovie, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t.ts';

interface Props {
  /** MIME types accepted, e.g. ['image/png', 'image/jpeg']. */
  accept?: string[];
  /** Largest file accepted, in bytes. */
  maxSize?: number;
  onFile: (file: File | null) => void;
  /** A dropped file that was refused (too large, wrong type). */
  onReject?: (reason: 'tooLarge' | 'wrongType') => void;
}

/** One file at a time, with a preview of images (spec §5 "Dropzone"). */
export function FileDropzone({ accept, maxSize, onFile, onReject }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || file.type.startsWith('video/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          const next = files[0] ?? null;
          setFile(next);
          onFile(next);
        }}
        onReject={(rejections) => {
          const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
          onReject?.(codes.includes('file-too-large') ? 'tooLarge' : 'wrongType');
        }}
        multiple={false}
        maxFiles={1}
        maxSize={maxSize}
        accept={accept}
        activateOnKeyboard
        aria-label={t('widgets.dropzone.label')}
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <IconUpload size={36} stroke={1.5} aria-hidden />
          <div>
            <Text fw={600}>{t('widgets.dropzone.label')}</Text>
            <Text size="sm" c="dimmed">
              {t('widgets.dropzone.hint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {file && (
        <Group gap="sm">
          {preview ? (
            <Image src={preview} alt={t('widgets.dropzone.preview')} h={72} w="auto" radius="sm" />
          ) : (
            <IconMovie size={32} aria-hidden />
          )}
          <Text size="sm">{file.name}</Text>
        </Group>
      )}
    </Stack>
  );
}
