import type { watermarkEn } from './watermark.en.ts';

/** French messages of the watermark, spread into fr.ts: every key of watermark.en.ts. */
export const watermarkFr: Record<keyof typeof watermarkEn, string> = {
  'resource.videos.field.watermarkOff': 'Pas de filigrane sur cette vidéo',
  'resource.videos.field.watermarkVersion': 'Version du filigrane encodée',
  'playback.watermark.title': 'Filigrane',
  'playback.watermark.intro':
    'Votre logo incrusté dans l’image de vos vidéos et de vos clips : chaque qualité proposée par le lecteur le montre au même endroit et à la même taille. Une vidéo peut s’en passer dans ses propres réglages.',
  'playback.watermark.logo': 'Logo',
  'playback.watermark.logoHint':
    'Un PNG sur fond transparent donne le meilleur rendu (JPEG et WebP conviennent aussi). Sans logo, pas de filigrane.',
  'playback.watermark.corner': 'Coin',
  'playback.watermark.corner.top-left': 'En haut à gauche',
  'playback.watermark.corner.top-right': 'En haut à droite',
  'playback.watermark.corner.bottom-left': 'En bas à gauche',
  'playback.watermark.corner.bottom-right': 'En bas à droite',
  'playback.watermark.size': 'Taille (% de la largeur de l’image)',
  'playback.watermark.opacity': 'Opacité',
  'playback.watermark.margin': 'Marge (% de la largeur de l’image)',
  'playback.watermark.save': 'Enregistrer le filigrane',
  'playback.watermark.saved':
    'Filigrane enregistré : les vidéos déjà encodées gardent leur image tant qu’elles ne sont pas réencodées',
  'playback.watermark.outOfDate': '{{count}} vidéos sur {{total}} n’affichent pas le filigrane actuel.',
  'playback.watermark.upToDate': 'Toutes les vidéos ({{total}}) affichent le filigrane actuel.',
  'playback.watermark.reencode': 'Réencoder les vidéos avec le nouveau filigrane',
  'playback.watermark.reencodeHint':
    'Elles restent visibles pendant ce temps : chacune passe à sa nouvelle image à la fin de son encodage.',
  'playback.watermark.queued': 'Encodages lancés : {{count}}',
  'playback.watermark.encoding': 'Encodage de {{count}} vidéos…',
  'playback.watermark.progressLabel': 'Avancement des encodages',
  'videos.edit.watermarkReencode': 'Réencoder avec le filigrane du compte',
  'videos.edit.watermarkQueued': 'Encodage lancé : la vidéo reste visible pendant ce temps',
};
