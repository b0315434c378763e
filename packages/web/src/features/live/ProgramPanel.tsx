import { Text } from '@mantine/core';
import type { MulticamStatus } from '@regie/contract/cameras';
import type { RefObject } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { DvrPlayer, type LivePlayer } from './DvrPlayer.tsx';

/**
 * The program's player while the content is live and a camera went on air; otherwise a sentence
 * saying what is missing (not live, no camera, no camera on air yet).
 */
export function ProgramPanel({
  live,
  program,
  hasCameras,
  playerRef,
}: {
  live: boolean;
  program: MulticamStatus | null;
  hasCameras: boolean;
  playerRef?: RefObject<LivePlayer | null>;
}) {
  const t = useT();
  // The latest switch airs, even when its camera was removed since (its input stays on air).
  const latest = program?.switches[0] ?? null;
  const onAirName =
    program?.cameras.find((camera) => camera.id === latest?.cameraId)?.label ?? t('live.multicam.removedCamera');
  const why = !hasCameras
    ? t('live.program.noCamera')
    : !live
      ? t('live.program.notLive')
      : program !== null && latest === null
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
        {t('live.program.onAir', { name: onAirName })}
      </Text>
      <DvrPlayer url={program.playback.dvrUrl} label={t('live.program.player')} playerRef={playerRef} />
    </>
  );
}
