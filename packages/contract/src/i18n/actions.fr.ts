import type { actionsEn } from './actions.en.ts';

/** French twin of actions.en.ts. */
export const actionsFr: Record<keyof typeof actionsEn, string> = {
  'notification.notAuthorised': 'Action non autorisée !',
  'screen.chunkFailed': 'Échec du chargement du fragment {{chunk}}',
  'resource.common.reset': 'Réinitialiser',
  'widgets.tagPicker.open': 'Choisir des tags',
  'widgets.tagPicker.none': 'Aucun tag choisi',
};
