import { Badge } from '@mantine/core';
import type { LinkState } from '@regie/contract/social';
import { useT } from '../../../i18n/use-t.ts';
import { STATE_COLOURS } from './platform-display.ts';

/** A link's state in words, a coloured dot beside dark text (never the colour alone). */
export function LinkStateBadge({ state }: { state: LinkState }) {
  const t = useT();
  return (
    <Badge
      variant="dot"
      radius="sm"
      tt="none"
      size="lg"
      color={STATE_COLOURS[state]}
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(`settings.social.state.${state}`)}
    </Badge>
  );
}
