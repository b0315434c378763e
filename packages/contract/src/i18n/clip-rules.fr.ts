import type { clipRulesEn } from './clip-rules.en.ts';

/** French messages of clip rules, spread into fr.ts: every key of clip-rules.en.ts. */
export const clipRulesFr: Record<keyof typeof clipRulesEn, string> = {
  'resource.clipRules.title': 'Règles de clips',
  'resource.clipRules.new': 'Nouvelle règle de clip',
  'resource.clipRules.empty': 'Aucune règle de clip pour le moment',
  'resource.clipRules.field.name': 'Nom',
  'resource.clipRules.field.markerTypeId': 'Type de marqueur',
  'resource.clipRules.field.markerSource': 'Marqueurs découpés',
  'resource.clipRules.markerSource.any': 'Tous les marqueurs du type',
  'resource.clipRules.markerSource.feed': 'Seulement ceux d’un flux de données',
  'resource.clipRules.markerSource.hand': 'Seulement ceux posés à la main',
  'resource.clipRules.field.beforeSeconds': 'Secondes avant le marqueur',
  'resource.clipRules.field.afterSeconds': 'Secondes après le marqueur',
  'resource.clipRules.field.clipTemplateId': 'Modèle de clip',
  'resource.clipRules.field.clipSkinId': 'Habillage',
  'resource.clipRules.field.publish': 'Publier les clips',
  'resource.clipRules.field.active': 'Active',
  'resource.clipRules.rule.secondsTotal': 'Gardez au moins quelques secondes avant ou après le marqueur',

  'clipRules.runs.title': 'Clips faits par cette règle',
  'clipRules.runs.empty': 'Aucun marqueur n’a encore déclenché cette règle',
  'clipRules.runs.marker': 'Marqueur',
  'clipRules.runs.event': 'Événement',
  'clipRules.runs.state': 'État',
  'clipRules.runs.clip': 'Clip',
  'clipRules.runs.openClip': 'Ouvrir le clip',
  'clipRules.runs.state.waiting': 'En attente de la vidéo (direct ou replay en préparation)',
  'clipRules.runs.state.made': 'Fait',
  'clipRules.runs.state.skipped': 'Ignoré',
  'clipRules.runs.state.failed': 'En échec',
};
