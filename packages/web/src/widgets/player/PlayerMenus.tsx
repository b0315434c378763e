import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import { IconBadgeCc, IconCheck, IconSettings } from '@tabler/icons-react';
import { LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import { AUTO_LEVEL, type QualityLevel } from './use-hls.ts';

const check = (on: boolean) => (on ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />);

/** Menus stay inside the player so they show in full screen too. */
const MENU_PROPS = { withinPortal: false, position: 'top-end', shadow: 'md' } as const;

interface CaptionsProps {
  languages: readonly Language[];
  active: Language | null;
  onChange: (language: Language | null) => void;
}

export function CaptionsMenu({ languages, active, onChange }: CaptionsProps) {
  const t = useT();
  if (languages.length === 0) return null;
  return (
    <Menu {...MENU_PROPS}>
      <Menu.Target>
        <Tooltip label={t('player.captions')} withinPortal={false}>
          <ActionIcon
            variant={active ? 'filled' : 'subtle'}
            color={active ? 'regie' : 'gray.0'}
            aria-label={t('player.captions')}
            aria-pressed={active !== null}
          >
            <IconBadgeCc size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('player.captions')}>
        <Menu.Label>{t('player.captions')}</Menu.Label>
        <Menu.Item leftSection={check(active === null)} onClick={() => onChange(null)}>
          {t('player.captionsOff')}
        </Menu.Item>
        {languages.map((language) => (
          <Menu.Item key={language} leftSection={check(active === language)} onClick={() => onChange(language)}>
            {t(LANGUAGE_LABELS[language])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface QualityProps {
  levels: readonly QualityLevel[];
  level: number;
  playingHeight: number | null;
  onChange: (index: number) => void;
}

export function QualityMenu({ levels, level, playingHeight, onChange }: QualityProps) {
  const t = useT();
  if (levels.length === 0) return null;
  const auto = playingHeight ? t('player.qualityAutoPlaying', { height: playingHeight }) : t('player.qualityAuto');
  return (
    <Menu {...MENU_PROPS}>
      <Menu.Target>
        <Tooltip label={t('player.quality')} withinPortal={false}>
          <ActionIcon variant="subtle" color="gray.0" aria-label={t('player.quality')}>
            <IconSettings size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('player.quality')}>
        <Menu.Label>{t('player.quality')}</Menu.Label>
        <Menu.Item leftSection={check(level === AUTO_LEVEL)} onClick={() => onChange(AUTO_LEVEL)}>
          {auto}
        </Menu.Item>
        {levels.map((item) => (
          <Menu.Item key={item.index} leftSection={check(level === item.index)} onClick={() => onChange(item.index)}>
            {t('player.qualityHeight', { height: item.height })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
