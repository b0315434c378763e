import type { RefObject } from 'react';

/** Chapters start on the hundredth of a second: what a person can tell apart, and stable in a list. */
export function snapStart(seconds: number): number {
  return Math.round(Math.max(0, seconds) * 100) / 100;
}

/** The player's position, snapped; null without a player. */
export function playheadOf(media: RefObject<HTMLVideoElement | null>): number | null {
  return media.current ? snapStart(media.current.currentTime) : null;
}

export function seekTo(media: RefObject<HTMLVideoElement | null>, seconds: number): void {
  if (media.current) media.current.currentTime = seconds;
}

/** Gives the focus back to the player (its control group), for its keys. */
export function focusPlayer(media: RefObject<HTMLVideoElement | null>): void {
  const group = media.current?.closest<HTMLElement>('[role="group"]');
  group?.focus();
}
