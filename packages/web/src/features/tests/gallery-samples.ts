import type { MessageKey } from '@regie/contract/i18n/en';
import type { MessageType } from '@regie/contract/ui';
import type { ItemGroup } from '../../widgets/ItemsDrawer.tsx';
import type { PickerTag } from '../../widgets/tag-picker.ts';

/** Sample data of the widgets gallery (/tests/widgets). */

export const MESSAGE_LABELS: Record<MessageType, MessageKey> = {
  danger: 'widgets.gallery.messageDanger',
  info: 'widgets.gallery.messageInfo',
  warning: 'widgets.gallery.messageWarning',
  success: 'widgets.gallery.messageSuccess',
};

/** Sample data of the gallery: what a sport-event screen would search. */
export const SAMPLE_TEAMS = [
  'Olympique Lyonnais',
  'Paris Saint-Germain',
  'Stade Rennais',
  'Stade de Reims',
  'Lille OSC',
];

/** Tags of two accounts, as a platform admin acting for no account would get them. */
export const SAMPLE_TAGS: PickerTag[] = [
  { id: 1, name: 'Derby', tagType: 'theme', AccountId: 2 },
  { id: 2, name: 'Alexandre Lacazette', tagType: 'player', AccountId: 2 },
  { id: 3, name: 'Kylian Mbappé', tagType: 'player', AccountId: 3 },
  { id: 4, name: 'Olympique Lyonnais', tagType: 'team', AccountId: 2 },
  { id: 5, name: 'Paris Saint-Germain', tagType: 'team', AccountId: 3 },
  { id: 6, name: 'Goal', tagType: 'action', AccountId: 2 },
  { id: 7, name: 'Own goal', tagType: 'action', AccountId: 3 },
  { id: 8, name: 'Penalty', tagType: 'action', AccountId: 2 },
  { id: 9, name: 'Red card', tagType: 'action', AccountId: 2 },
  { id: 10, name: 'Goalkeeper save', tagType: 'action', AccountId: 3 },
  { id: 11, name: 'Stadium Partner', tagType: 'sponsor', AccountId: 2 },
  { id: 12, name: 'Final', tagType: 'other', AccountId: 3 },
];
export const SAMPLE_ACCOUNTS = new Map([
  [2, 'Olympique'],
  [3, 'Paris Club'],
]);
export const SAMPLE_SQUADS: ItemGroup[] = [
  {
    id: 'ol',
    label: 'Olympique Lyonnais',
    items: [
      { id: 'ol-1', label: 'Anthony Lopes', description: 'Goalkeeper' },
      { id: 'ol-2', label: 'Alexandre Lacazette', description: 'Forward' },
      { id: 'ol-3', label: 'Corentin Tolisso', description: 'Midfielder' },
    ],
  },
  {
    id: 'psg',
    label: 'Paris Saint-Germain',
    items: [
      { id: 'psg-1', label: 'Gianluigi Donnarumma', description: 'Goalkeeper' },
      { id: 'psg-2', label: 'Marquinhos', description: 'Defender' },
    ],
  },
];
