import type { GEO_MESSAGES } from '../geo.ts';
import type { Translation } from '../messages.ts';

/** The French of the geo blocking messages (spread into server.fr.ts). */
export const GEO_SERVER_FR = {
  GEO_MESSAGES: {
    refused: 'Cette vidéo n’est pas disponible dans votre pays',
    countryUnknown: (code) => `Code pays inconnu ${code} : utilisez le code ISO à deux lettres (FR, BE, GB…)`,
    allowNeedsCountry: 'Pour n’autoriser que certains pays, indiquez au moins un pays',
    moduleInactive: 'Le géoblocage demande le module Géoblocage : demandez à votre administrateur de l’activer',
  } satisfies Translation<typeof GEO_MESSAGES>,
};
