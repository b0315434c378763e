import type { playbackEn } from './playback.en.ts';

/** French messages of one domain, spread into fr.ts: every key of playback.en.ts. */
export const playbackFr: Record<keyof typeof playbackEn, string> = {
  'tab.playback': 'Diffusion',
  'playback.save': 'Enregistrer',
  'playback.saved': 'Réglages de diffusion enregistrés',
  'playback.moduleOff': 'Module inactif : ne change rien pour l’instant',
  'playback.geo.title': 'Géoblocage',
  'playback.geo.intro':
    'Où vos fans peuvent regarder vos directs et vos replays : le lecteur intégré, ses playlists, son chat et ses jeux. Un événement, une conférence, une vidéo ou une entrée live peut avoir sa propre règle.',
  'playback.geo.rule': 'Pays',
  'playback.geo.unknownAddresses': 'Laisser regarder les adresses sans pays',
  'playback.geo.unknownAddressesHint':
    'Le réseau d’un stade, d’une entreprise ou la machine d’un développeur n’a pas de pays : désactivé, ils sont refusés eux aussi.',
  'playback.geo.database': 'Pays selon la base GeoLite2 du {{date}}.',
  'geo.mode.account': 'Comme le disent les réglages de diffusion du compte',
  'geo.mode.block': 'Partout, sauf dans les pays indiqués',
  'geo.mode.allow': 'Seulement dans les pays indiqués',
  'geo.countries.allowed': 'Pays autorisés',
  'geo.countries.refused': 'Pays refusés',
  'geo.countries.allowedHint': 'Ailleurs, le public voit « Cette vidéo n’est pas disponible dans votre pays ».',
  'geo.countries.refusedHint': 'Là-bas, le public voit « Cette vidéo n’est pas disponible dans votre pays ».',
  'geo.countries.placeholder': 'Tapez le nom d’un pays',
  'geo.countries.none': 'Aucun pays de ce nom',
  'resource.events.field.geoBlocking': 'Géoblocage',
  'resource.videos.field.geoBlocking': 'Géoblocage',
  'streams.field.geoBlocking': 'Géoblocage',
  'streams.field.geoBlockingHint':
    'Une règle propre à l’image de cette caméra, ajoutée à celle de chaque événement qu’elle filme (un flux vendu pour un seul pays).',
  'resource.businessPlayers.field.geoBlocking': 'Géoblocage',
  'resource.events.field.fansOnly': 'Réservé aux supporters connectés du club',
  'resource.videos.field.fansOnly': 'Réservé aux supporters connectés du club',
  'resource.videos.field.downloadable': 'Téléchargeable par les supporters depuis le lecteur',
  'resource.businessPlayers.field.fansOnly': 'Réservé aux supporters connectés',
};
