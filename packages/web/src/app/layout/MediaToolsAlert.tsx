import { Alert } from '@mantine/core';
import { type AccessSubject, hasRole, isPlatformAdmin } from '@regie/contract/access';
import type { MediaTools } from '@regie/contract/auth';
import type { Role } from '@regie/contract/roles';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEnvironment } from '../../api/queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';

/** The roles whose work ffmpeg does: uploads and encodes, clips, live streams and simulcasts. */
const VIDEO_WORK_ROLES: readonly Role[] = [
  'video_write',
  'video_download',
  'own_videos_only',
  'use_stream',
  'liveclipping_write',
  'clip_only',
  'sport_player_write',
  'conf_player_write',
  'simulcast_write',
];

/**
 * Whether to tell this person that the server cannot process video: platform administrators, who
 * can have it fixed, and the staff whose screens would silently stall without ffmpeg.
 */
export function showsMediaToolsAlert(subject: AccessSubject, tools: MediaTools | undefined): boolean {
  if (!tools || (tools.ffmpeg && tools.ffprobe)) return false;
  return isPlatformAdmin(subject) || VIDEO_WORK_ROLES.some((role) => hasRole(subject, role));
}

/** Above every screen while the server lacks ffmpeg (admin payload `mediaTools`). */
export function MediaToolsAlert() {
  const t = useT();
  const subject = useAccessSubject();
  const { data } = useEnvironment();
  if (!showsMediaToolsAlert(subject, data?.mediaTools)) return null;
  return (
    <Alert
      // red.9: Mantine's default red title on white fails axe's colour contrast.
      color="red.9"
      variant="outline"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('mediaTools.unavailable.title')}
      mb="md"
    >
      {t('mediaTools.unavailable.text')}
    </Alert>
  );
}
