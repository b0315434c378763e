import type { actingEn } from './acting.en.ts';

/** French messages of acting for an account, spread into fr.ts: every key of acting.en.ts. */
export const actingFr: Record<keyof typeof actingEn, string> = {
  'acting.dialog.title': 'Agir pour {{account}}',
  'acting.dialog.intro':
    'Ce que vous modifiez est inscrit dans le journal d’audit du compte, comme fait par vous en agissant pour lui. Indiquez pourquoi vous agissez pour ce compte.',
  'acting.reason.label': 'Raison',
  'acting.reason.description':
    'Un numéro de ticket ou quelques mots. Les gestionnaires d’utilisateurs du compte peuvent la lire.',
  'acting.reason.required': 'Indiquez pourquoi vous agissez pour ce compte',
  'acting.readOnly.label': 'Lecture seule',
  'acting.readOnly.description': 'Consulter le compte sans pouvoir rien modifier.',
  'acting.confirm': 'Agir pour le compte',
  'acting.cancel': 'Annuler',
  'acting.banner.label': 'Action pour un compte',
  'acting.banner.text': 'Vous agissez pour {{account}}.',
  'acting.banner.reason': 'Raison : {{reason}}',
  'acting.banner.readOnly': 'Lecture seule',
  'acting.stop': 'Arrêter d’agir pour le compte',
};
