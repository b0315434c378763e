import type { MulticamStatus } from '@regie/contract/cameras';
import { useEffect, useRef } from 'react';
import { cameraKeyIndex } from '../live/camera-keys.ts';
import { type LiveContent, useSwitchCamera } from '../live/live-calls.ts';
import { isTypingTarget } from '../markers/use-marker-keys.ts';

/**
 * While mounted and `enabled`: Shift + n, typed anywhere but in a field, puts the n-th camera of
 * the program on air (the tile's 'put on air'); the camera already on air is left alone.
 */
export function useCameraKeys(content: LiveContent, status: MulticamStatus | null, enabled: boolean): void {
  const switchCamera = useSwitchCamera(content);
  const latest = useRef({ status, enabled, switchCamera });
  latest.current = { status, enabled, switchCamera };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const index = cameraKeyIndex(event);
      if (index === null || event.repeat || isTypingTarget(event.target)) return;
      const { status: program, enabled: allowed, switchCamera: action } = latest.current;
      const camera = program?.cameras[index];
      if (!allowed || !camera) return;
      event.preventDefault();
      if (program.programCameraId !== camera.id && !action.isPending) action.mutate(camera.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
