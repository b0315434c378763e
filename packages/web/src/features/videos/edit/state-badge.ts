import type { VideoState } from '@regie/contract/videos';
import { STATE_COLORS } from '../list/video-cells.ts';

/**
 * A video state's badge as the list draws it: a coloured dot beside dark text, which passes WCAG
 * AA contrast where light badges do not, never cut to an ellipsis.
 */
export function stateBadgeProps(state: VideoState) {
  return {
    variant: 'dot',
    radius: 'sm',
    tt: 'none',
    color: STATE_COLORS[state] ?? 'gray',
    styles: { root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } },
  } as const;
}
