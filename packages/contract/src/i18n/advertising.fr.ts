import type { advertisingEn } from './advertising.en.ts';

/** French messages of advertising, spread into fr.ts. */
export const advertisingFr = {
  'resource.events.field.adTagUrl': 'Balise publicitaire (VAST ou VMAP) de cet événement',
  'playback.ads.title': 'Publicité',
  'playback.ads.intro':
    'Des publicités passent avant vos vidéos et vos directs (et pendant les replays avec un VMAP) sur les événements qui activent la Publicité dans leurs réglages. Un événement peut avoir sa propre balise.',
  'playback.ads.tagUrl': 'Balise publicitaire (adresse VAST ou VMAP)',
  'playback.ads.tagUrlHint': 'Une adresse http(s) de votre serveur publicitaire. Vide : pas de publicité.',
  'playback.ads.save': 'Enregistrer la balise',
  'playback.ads.saved': 'Balise publicitaire enregistrée',
  'controlRoom.adBreak.title': 'Coupure publicitaire',
  'controlRoom.adBreak.start': 'Coupure de {seconds} s',
  'controlRoom.adBreak.running': 'Coupure en cours : encore {time}',
  'controlRoom.adBreak.started': 'Coupure publicitaire marquée dans la playlist du direct',
  'controlRoom.adBreak.hint':
    'Marque la coupure dans la playlist du direct (SCTE-35) pour le service d’insertion publicitaire et les lecteurs.',
} satisfies Record<keyof typeof advertisingEn, string>;
