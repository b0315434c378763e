import type { modulesEn } from './modules.en.ts';

/** French messages of one domain, spread into fr.ts: every key of modules.en.ts. */
export const modulesFr: Record<keyof typeof modulesEn, string> = {
  'moduleInfo.inPlan': 'Inclus dans votre offre',
  'moduleInfo.notInPlan': 'Absent de votre offre : demandez à Regie de l’ajouter à votre abonnement.',
  'moduleInfo.RESTRAINED_ACCESS':
    'Directs et vidéos peuvent être réservés aux fans connectés : les autres doivent d’abord se connecter.',
  'moduleInfo.BLOCKMARK': 'Pas encore proposé : l’activer ne change rien pour l’instant.',
  'moduleInfo.ESHOP_LINKS':
    'Des liens vers les produits de votre boutique s’affichent à côté du lecteur : les fans achètent en regardant.',
  'moduleInfo.WHITE_LABEL': 'Le lecteur et les pages des fans portent votre seule marque, sans celle de Regie.',
  'moduleInfo.GEO_BLOCKING':
    'Les fans ne regardent que depuis les pays autorisés : le lecteur, ses playlists et son chat refusent les autres.',
  'moduleInfo.ADVERTISING':
    'Des publicités passent avant et pendant les directs et les vidéos, sur les événements qui l’activent.',
  'moduleInfo.REMOTE_CONTROL':
    'Les opérateurs pilotent un direct à distance : lancer, arrêter, changer de caméra sans être sur place.',
  'moduleInfo.NOTIFICATION':
    'Les fans sont prévenus dans l’app quand un événement qu’ils suivent commence ou qu’une vidéo sort.',
  'moduleInfo.SIMULCAST':
    'Ouvre Événements › Multidiffusions : un direct est rediffusé sur YouTube, Facebook ou tout serveur RTMP.',
  'moduleInfo.DVR':
    'Les fans peuvent mettre un direct en pause et revenir en arrière, sur les événements qui l’activent.',
  'moduleInfo.CHAT': 'Un chat en direct à côté du lecteur, modéré depuis l’onglet Chat de l’événement.',
  'moduleInfo.STREAM_CLIPPING':
    'Ouvre le menu Clipping : des clips coupés dans les directs et les replays, à la main ou par des règles.',
  'moduleInfo.CMS': 'Ouvre Gestion de contenu, votre console CMS, ainsi que Compte › Catégories et Playlists.',
  'moduleInfo.SUBSCRIPTIONS':
    'Les groupes peuvent recevoir le rôle Abonnements, pour gérer ce à quoi les fans s’abonnent.',
  'moduleInfo.TAGS':
    'Événements, vidéos et fans reçoivent des tags, pour trier les listes et regrouper les contenus des fans.',
  'moduleInfo.STATS':
    'Les chiffres d’audience de chaque événement, conférence et vidéo : lectures, spectateurs, durée.',
  'moduleInfo.SETTINGS':
    'Les gestionnaires du compte règlent ses valeurs par défaut : coordonnées, langues et options du lecteur.',
  'moduleInfo.MARKERS': 'Des marqueurs posés sur la timeline d’un événement deviennent des chapitres pour les fans.',
  'moduleInfo.VIDEOS':
    'Ouvre Médias › Vidéos, pour envoyer, encoder et publier des vidéos, et Compte › Catégories et Playlists.',
  'moduleInfo.FANS_CRM': 'Ouvre le menu CRM : profils, consentements, tags, sessions, activités et achats de vos fans.',
  'moduleInfo.ADDON_TRIVIA': 'Ouvre le menu Quiz : des quiz auxquels répondent vos fans, avec leurs classements.',
  'moduleInfo.ADDON_PREDICTOR':
    'Les fans pronostiquent le score dans le lecteur ; à régler dans l’onglet Pronostics de l’événement.',
  'moduleInfo.ADDON_MOTM':
    'Les fans élisent l’homme du match dans le lecteur ; à régler dans l’onglet Homme du match de l’événement.',
  'moduleInfo.THEME': 'Ouvre Compte › Thèmes : couleurs, polices, logos et marqueurs qui habillent le lecteur.',
  'moduleInfo.STREAM': 'Événements et conférences diffusent un direct envoyé depuis votre propre encodeur.',
  'moduleInfo.DASHBOARD':
    'Ouvre le Tableau de bord : les événements, l’audience et les traitements en cours du compte sur une période.',
  'moduleInfo.CHROMECAST':
    'Un bouton Cast dans le lecteur : les fans envoient le direct ou la vidéo sur une TV Chromecast.',
  'moduleInfo.AIRPLAY': 'Un bouton AirPlay dans le lecteur : les fans envoient le direct ou la vidéo sur une Apple TV.',
  'moduleInfo.PUBLIC_CLIPPING':
    'Les fans coupent leurs propres clips d’un direct ou d’un replay depuis le lecteur et les partagent.',
  'moduleInfo.PAYMENT_PRODUCT':
    'Ouvre Compte › Produits : des pass et des produits que les fans achètent pour débloquer des contenus.',
  'moduleInfo.OTT': 'Vos événements et vos vidéos forment votre propre chaîne, en apps pour TV connectées et mobiles.',
  'moduleInfo.HEATMAP':
    'La timeline du lecteur montre où les fans ont le plus regardé : les meilleurs moments ressortent.',
  'moduleInfo.BETTING':
    'Les cotes en direct d’un bookmaker partenaire s’affichent à côté du lecteur pendant les matchs.',
  'moduleInfo.IMMERSIVE':
    'Des directs à 360° où les fans regardent autour d’eux : ouvre l’onglet 360 de l’événement (avec Flux cloud).',
  'moduleInfo.NO_VIDEO':
    'Les événements passés en « Sans vidéo » (onglet Réglages) ont une page sans image : les fans suivent le score, le chrono et le fil du match venus du flux de données, à côté du chat et des jeux.',
  'moduleInfo.VERTICAL_VIDEO': 'Ouvre l’onglet Formats d’une vidéo : vidéos et clips déclinés en 9:16, 1:1 et 4:5.',
  'moduleInfo.MULTICAM':
    'Les fans passent d’un angle de caméra à l’autre dans le lecteur ; à régler dans l’onglet Multicam.',
  'moduleInfo.CHALLENGERS': 'Équipes et joueurs sont listés sur chaque match, dans l’ordre où les fans les voient.',
  'moduleInfo.IMPORTDATA':
    'Ouvre Import de données : calendriers, résultats et compositions chargés depuis des flux de données sportives.',
  'moduleInfo.PUSH_NOTIFICATIONS':
    'Ouvre Notifications push, votre console pour envoyer des alertes sur le téléphone de vos fans.',
  'moduleInfo.SPORT_EVENTS':
    'Ouvre Événements › Événements sportifs et les données sportives : sports, compétitions, tags, concurrents.',
  'moduleInfo.BUSINESS_PLAYERS':
    'Ouvre Événements › Conférences et Acteurs › Intervenants : des lecteurs pour conférences et webinaires.',
  'moduleInfo.AWS_STREAM':
    'Ouvre Médias › Caméras : des entrées live reçues dans le cloud et enregistrées pour le replay.',
  'moduleInfo.PAYMENT_RESTRICTION':
    'Ouvre Compte › Offres de paiement : des directs et des vidéos que les fans paient pour regarder.',
  'moduleInfo.WARREN':
    'Les groupes peuvent recevoir le rôle Actualités, pour écrire les actualités que lisent vos fans.',
  'moduleInfo.GRAPHICS':
    'Ouvre l’onglet Habillage graphique : score, bandeaux et logo par-dessus le lecteur et dans les clips.',
  'moduleInfo.LIVE_STATS':
    'Les statistiques du match en direct s’affichent à côté du lecteur, sur les événements qui l’activent.',
  'moduleInfo.EMBED': 'Les événements s’intègrent sur d’autres sites : le lecteur, avec son chat et ses jeux.',
  'moduleInfo.SOCIAL_SHARING':
    'Ouvre Paramètres › Réseaux sociaux et Médias › Publications : des clips publiés sur vos comptes sociaux.',
  'moduleInfo.SUBTITLES': 'Les vidéos ont des sous-titres en plusieurs langues, que les fans activent dans le lecteur.',
  'moduleInfo.PLAYLISTS': 'Les vidéos sont regroupées en playlists que les fans regardent à la suite.',
  'moduleInfo.CATEGORIES':
    'Vidéos et playlists sont rangées dans des catégories et sous-catégories que les fans parcourent.',
  'moduleInfo.SPEAKERS': 'Les intervenants d’une conférence, avec photo et biographie, s’affichent à côté du lecteur.',
  'moduleInfo.ANALYTICS': 'Le lecteur remonte les lectures et le temps de visionnage à votre propre outil d’analyse.',
  'moduleInfo.SSO':
    'Vos équipes se connectent avec le fournisseur d’identité de votre entreprise, sans mot de passe Regie.',
  'moduleInfo.MULTI_LANGUAGE': 'Titres et descriptions s’écrivent en plusieurs langues ; chaque fan lit la sienne.',
  'moduleInfo.DOWNLOAD':
    'Les fans peuvent télécharger le MP4 d’une vidéo publiée depuis le lecteur, si la vidéo le permet.',
  'moduleInfo.WATERMARK':
    'Votre logo est incrusté dans l’image des directs et des vidéos : les copies trahissent leur origine.',
  'moduleInfo.HIGHLIGHTS':
    'Les meilleurs moments d’un match forment un résumé vidéo, monté à partir des marqueurs à la fin du direct.',
  'moduleInfo.API_ACCESS':
    'Vos développeurs reçoivent des clés pour lire et écrire les événements, vidéos et clips du compte.',
};
