import { Alert, Kbd, Skeleton, Stack, Text } from '@mantine/core';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { IconVideoOff } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';

/** A key of this screen on the player: the key people press, what it does. */
export interface ScreenKey {
  key: string;
  label: string;
}

interface Props {
  video: ClipSource | null | undefined;
  mediaRef: RefObject<HTMLVideoElement | null>;
  /** This screen's own keys, shown under the player; `onKey` answers true when it used the key. */
  keys: readonly ScreenKey[];
  onKey: (key: string) => boolean;
  /** What to do without a replay (a link to the info tab, or nothing for a clipper). */
  missing: ReactNode;
}

/** Keys typed into a field, or with a modifier, are the field's or the browser's. */
function ownKey(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  return !(target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}

/**
 * The conference's replay in the shared player, with this screen's keys on top of the player's own
 * (space, arrows, …): they work while the focus is in the player, and are listed under it.
 */
export function ReplayPlayer({ video, mediaRef, keys, onKey, missing }: Props) {
  const t = useT();
  if (video === undefined) return <Skeleton h={320} radius="md" />;
  if (video === null || !video.playback) {
    return (
      <Alert color="gray" variant="light" icon={<IconVideoOff aria-hidden />} title={t('conferences.replay.none')}>
        {missing}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys reach here from the focused player inside */}
      <div
        onKeyDown={(event) => {
          if (!ownKey(event) || event.defaultPrevented) return;
          if (onKey(event.key)) event.preventDefault();
        }}
      >
        <VideoPlayer key={video.id} playback={video.playback} title={video.title} mediaRef={mediaRef} />
      </div>
      <Text size="sm" c="dimmed" component="p" m={0}>
        {t('conferences.replay.keysIntro')}{' '}
        {keys.map((entry, index) => (
          <span key={entry.key}>
            {index > 0 && ', '}
            <Kbd>{entry.key.toUpperCase()}</Kbd> {entry.label}
          </span>
        ))}
      </Text>
    </Stack>
  );
}
