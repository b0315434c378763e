import { Badge, type BadgeProps } from '@mantine/core';
import { type FanStatus, fanStatus } from '@regie/contract/fans';
import type { FanRow } from '@regie/contract/fans.schemas';
import { useT } from '../../i18n/use-t.ts';

const COLOURS: Record<FanStatus, string> = { blocked: 'red.9', pending: 'gray.8', active: 'teal.9' };

/** The fan's status as a badge (the list's column, the fan's page header). */
export function FanStatusBadge({
  fan,
  size,
}: {
  fan: Pick<FanRow, 'isBlocked' | 'confirmed'>;
  size?: BadgeProps['size'];
}) {
  const t = useT();
  const status = fanStatus(fan);
  return (
    <Badge color={COLOURS[status]} variant="filled" size={size}>
      {t(`fans.status.${status}`)}
    </Badge>
  );
}
