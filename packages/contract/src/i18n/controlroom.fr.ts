import type { controlRoomEn } from './controlroom.en.ts';

/** French messages of one domain, spread into fr.ts: every key of controlroom.en.ts. */
export const controlRoomFr: Record<keyof typeof controlRoomEn, string> = {
  'controlRoom.open': 'Régie',
  'controlRoom.title': 'Régie – {{name}}',
  'controlRoom.notFound': 'Cet événement n’existe pas ou n’est pas le vôtre.',
  'controlRoom.backToStream': 'Retour à l’onglet Flux de l’événement',
  'controlRoom.camerasKeys': 'Caméras (Maj + 1…9 en met une à l’antenne)',
  'controlRoom.markersWaiting': 'Les touches de marqueur posent un marqueur sur l’image du programme dès qu’il est lu.',
  'controlRoom.noSimulcast': 'Aucune multidiffusion ne relaie les caméras de cet événement.',
};
