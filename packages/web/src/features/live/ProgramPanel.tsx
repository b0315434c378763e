import { Text } from '@mantine/core';
import type { MulticamStatus } from '@regie/contract/cameras';
import { useT } from '../../i18n/use-t.ts';
import { DvrPlayer } from './DvrPlayer.tsx';

/**
 * The program's player while the content is live and a camera is on air; otherwise a sentence
 * saying what is missing (not live, no camera, no camera on air yet).
 */
export function ProgramPanel({
  live,
  program,
  hasCameras,
}: {
  live: boolean;
  program: MulticamStatus | null;
  hasCameras: boolean;
}) {
  const t = useT();
  const onAir = program?.cameras.find((camera) => camera.id === program.programCameraId) ?? null;
  const why = !hasCameras
    ? t('live.program.noCamera')
    : !live
      ? t('live.program.notLive')
      : program !== null && onAir === null
        ? t('live.program.nothingOnAir')
        : null;
  if (why !== null || program === null) {
    return (
      <Text c="dimmed" data-testid="program-empty">
        {why ?? t('live.program.loading')}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" data-testid="program-on-air">
        {t('live.program.onAir', { name: onAir?.label ?? '' })}
      </Text>
      <DvrPlayer url={program.playback.dvrUrl} label={t('live.program.player')} />
    </>
  );
}
