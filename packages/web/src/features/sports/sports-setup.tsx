import { Button, Group } from '@mantine/core';
import { sportsResource } from '@regie/contract/resources/sports';
import { fillPath } from '@regie/contract/routes';
import { IconMap } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';

export const SPORT_MAP_PATH = '/account/sports/map/:sportId';

/** Under a sport's form: the way to its field map. */
function SportMapLink({ record }: TabPanelProps) {
  const t = useT();
  return (
    <Group>
      <Button
        component={Link}
        to={fillPath(SPORT_MAP_PATH, { sportId: record.id })}
        variant="light"
        leftSection={<IconMap size={16} aria-hidden />}
      >
        {t('sportMap.open')}
      </Button>
    </Group>
  );
}

export const sportsSetup: ResourceSetup = {
  resource: sportsResource,
  custom: { BelowForm: SportMapLink },
};
