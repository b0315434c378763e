import type { Translation } from '../messages.ts';
import type { QUERY_MESSAGES } from '../query-builder.ts';

/** The French twin of the query builder's messages (spread into server.fr.ts). */
export const QUERY_BUILDER_SERVER_FR = {
  QUERY_MESSAGES: {
    unknownField: (entity, field) => `Champ ${field} inconnu pour ${entity}`,
    unknownOperator: (field, operator) => `L’opérateur ${operator} ne s’applique pas à ${field}`,
    badValue: (field, expected) => `La valeur de ${field} doit être ${expected}`,
    notGroupable: (field) => `Les résultats ne peuvent pas être regroupés par ${field}`,
    bucketOnDatesOnly: (field) => `Seules les dates se regroupent par jour, semaine ou mois, pas ${field}`,
    sameGroupTwice: (field) => `Les résultats sont regroupés deux fois par ${field}`,
    countDistinctWithoutGroups: 'Le comptage de valeurs distinctes demande au moins un champ de regroupement',
    timedOut: (seconds) =>
      `La requête a duré plus de ${seconds} s et a été arrêtée : affinez les filtres ou le regroupement`,
    tooHeavy: (seconds) =>
      `La requête durerait plus de ${seconds} s sur la base embarquée : elle n’a pas été lancée. Affinez les filtres ou le regroupement`,
  } satisfies Translation<typeof QUERY_MESSAGES>,
} as const;
