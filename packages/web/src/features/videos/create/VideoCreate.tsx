import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { fillPath } from '@regie/contract/routes';
import { VIDEO_DESCRIPTION_MAX, VIDEO_MAX_BYTES, VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { notify } from '../../../api/notify.ts';
import { hrefOf, useCurrentEntry } from '../../../app/route-entry.ts';
import { useT } from '../../../i18n/use-t.ts';
import { resourceRoutes } from '../../../resources/resource-screens.ts';
import { FileDropzone } from '../../../widgets/FileDropzone.tsx';
import { LimitedTextField } from '../../../widgets/LimitedTextField.tsx';
import { ImportFromUrl } from '../upload/ImportFromUrl.tsx';
import { UploadProgress } from '../upload/UploadProgress.tsx';
import { progressPercent, type ResumableUpload } from '../upload/upload-engine.ts';
import { useVideoUpload } from '../upload/use-video-upload.ts';

const VIDEO_EDIT_PATH = resourceRoutes('/medias/videos').edit ?? '/medias/videos/edit/:videoId';
const DONE_PAUSE_MS = 800;

/**
 * /medias/videos/create (tab infos): a title and a description, then one video file dropped here
 * (sent in parts, resumable after a reload or a dropped connection) or a URL the server imports
 * from. Once the file is in, the video's edit page shows its encoding live.
 */
export function VideoCreate() {
  const entry = useCurrentEntry();
  // The page opened without a tab goes to its first one (infos), as the generic screens do.
  const firstTab = entry?.node.tabs ? entry.children[0] : undefined;
  const redirect = firstTab ? hrefOf(firstTab) : null;
  if (redirect) return <Navigate replace to={redirect} />;
  return <VideoCreateForm />;
}

function VideoCreateForm() {
  const t = useT();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const details = { title, description };
  const openVideo = (videoId: number) => navigate(fillPath(VIDEO_EDIT_PATH, { videoId }));
  const upload = useVideoUpload();
  const busy = ['preparing', 'uploading', 'completing', 'done'].includes(upload.state.status);
  const uploadedId = upload.state.status === 'done' ? upload.state.videoId : null;

  // A moment at 100 % before the edit page, where the encoding shows, so the end is seen.
  useEffect(() => {
    if (uploadedId === null) return;
    const timer = setTimeout(() => navigate(fillPath(VIDEO_EDIT_PATH, { videoId: uploadedId })), DONE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [uploadedId, navigate]);

  return (
    <Stack maw={960} gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <LimitedTextField
            label={t('videos.upload.title')}
            description={t('videos.upload.titleHint')}
            textLimit={VIDEO_TITLE_MAX}
            value={title}
            onChange={setTitle}
          />
          <Textarea
            label={t('videos.upload.description')}
            autosize
            minRows={3}
            maxLength={VIDEO_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </Stack>
      </Paper>

      {upload.unfinished.length > 0 && !busy && (
        <UnfinishedUploads uploads={upload.unfinished} onForget={upload.forget} />
      )}

      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('videos.upload.fileTitle')}
              </Title>
              {!busy && <VideoDropzone onFile={(file) => void upload.start(file, details)} />}
              <UploadProgress state={upload.state} onCancel={upload.cancel} onRetry={upload.retry} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('videos.import.title')}
              </Title>
              <ImportFromUrl details={details} onImported={openVideo} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Uploads left unfinished on this browser: dropping the same file again resumes one. */
function UnfinishedUploads({
  uploads,
  onForget,
}: {
  uploads: readonly ResumableUpload[];
  onForget: (uploadId: string) => void;
}) {
  const t = useT();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHistory size={20} aria-hidden />}
      title={t('videos.upload.unfinished')}
    >
      <Stack gap={6}>
        <Text size="sm">{t('videos.upload.unfinishedHint')}</Text>
        {uploads.map((entry) => (
          <Group key={entry.uploadId} justify="space-between" gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('videos.upload.unfinishedFile', {
                name: entry.file.name,
                percent: progressPercent(entry.confirmedBytes, entry.file.size, false),
              })}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => onForget(entry.uploadId)}>
              {t('videos.upload.forget')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

/** The drop zone of a video file; a file too large or not a video is refused with a message. */
function VideoDropzone({ onFile }: { onFile: (file: File) => void }) {
  const t = useT();
  return (
    <FileDropzone
      accept={['video/*']}
      maxSize={VIDEO_MAX_BYTES}
      onFile={(file) => {
        if (file) onFile(file);
      }}
      onReject={(reason) =>
        notify({
          type: 'danger',
          zone: 'main',
          text: t(reason === 'tooLarge' ? 'videos.upload.tooLarge' : 'videos.upload.notVideo'),
        })
      }
    />
  );
}
