import { Button } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { CAMERAS_RULE } from '@regie/contract/cameras';
import { fillPath } from '@regie/contract/routes';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';

/** One live event's control room (contract menu.ts, the events' pages; features/control-room). */
export const CONTROL_ROOM_ROUTE = '/events/sports/control-room/:id';

/** 'Control room' for those who open it: the stream tab's operators (CAMERAS_RULE). */
export function ControlRoomLink({ eventId, size = 'sm' }: { eventId: number; size?: 'xs' | 'sm' }) {
  const t = useT();
  if (!satisfies(useAccessSubject(), CAMERAS_RULE)) return null;
  return (
    <Button
      component={Link}
      to={fillPath(CONTROL_ROOM_ROUTE, { id: eventId })}
      variant="light"
      size={size}
      leftSection={<IconDeviceDesktop size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('controlRoom.open')}
    </Button>
  );
}
