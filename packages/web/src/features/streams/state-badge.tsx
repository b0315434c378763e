import { Badge } from '@mantine/core';
import type { LiveInputState } from '@regie/contract/live';
import { useT } from '../../i18n/use-t.ts';

const COLORS: Readonly<Record<LiveInputState, string>> = { idle: 'gray', live: 'red.8', error: 'orange' };

export function StreamStateBadge({ state }: { state: LiveInputState }) {
  const t = useT();
  return (
    <Badge color={COLORS[state]} variant={state === 'live' ? 'filled' : 'light'} data-testid="stream-state">
      {t(`streams.state.${state}`)}
    </Badge>
  );
}
