import type { Translation } from '../messages.ts';
import { SIMULCAST_LIMITS, type SIMULCAST_MESSAGES } from '../simulcast.ts';

/** The French of the simulcast server messages, spread into server.fr.ts. */
export const SIMULCAST_SERVER_FR = {
  SIMULCAST_MESSAGES: {
    notFound: (id) => `La diffusion multiple ${id} est introuvable`,
    targetNotFound: (id) => `La destination ${id} est introuvable`,
    badUrl: 'L’URL de la destination doit commencer par rtmp:// ou rtmps:// et nommer un hôte',
    keySpaces: 'Une clé de flux ne contient pas d’espace',
    tooManyTargets: `Une diffusion multiple a au plus ${SIMULCAST_LIMITS.targetsPerSimulcast} destinations`,
    sourceMissing: 'La diffusion multiple n’a pas de source : choisissez d’abord une entrée live',
    sourceUnavailable: (inputId) => `L’entrée live ${inputId} n’est pas disponible`,
    inputNotFound: (inputId) => `Entrée live ${inputId} introuvable dans ce compte`,
    targetRunning: 'Arrêtez la destination avant de la modifier ou de la supprimer',
    ffmpegFailed: (detail) => `La rediffusion s’est arrêtée : ${detail}`,
    stalled: (seconds) => `Aucune donnée envoyée depuis ${seconds} s : redémarrage`,
    awsFailed: (detail) => `Le service média cloud a refusé : ${detail}`,
    notAws: 'Cette diffusion multiple ne passe pas par le service média cloud',
    privateTarget: (host, address) =>
      `La destination ${host} est à l’adresse ${address}, celle d’un réseau privé ou local : une diffusion multiple n’envoie qu’à des adresses publiques (REGIE_SIMULCAST_ALLOW_HOSTS, dans la configuration de la plateforme, nomme les adresses privées permises)`,
  } satisfies Translation<typeof SIMULCAST_MESSAGES>,
};
