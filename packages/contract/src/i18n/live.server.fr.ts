import type { LIVE_CONVERT_MESSAGES } from '../live.convert.ts';
import { LIVE_LIMITS, type LIVE_MESSAGES } from '../live.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the live inputs' messages (spread into server.fr.ts). */
export const LIVE_SERVER_FR = {
  LIVE_MESSAGES: {
    notFound: (id) => `Entrée live ${id} introuvable`,
    tooMany: `Un compte a au plus ${LIVE_LIMITS.inputsPerAccount} entrées live`,
    limitReached: (limit) =>
      `Refusé : ce compte a déjà ${limit} entrées live à l’antenne, sa limite. Terminez-en une avant d’en lancer une autre.`,
    packagerFailed: (detail) => `Le direct n’a pas pu être découpé en segments : ${detail}`,
    segmentNotFound: 'Ce segment du direct n’existe pas',
    linkExpired: 'Ce lien du direct n’est pas valide ou a expiré : rouvrez l’entrée',
    replayNothingRecorded: 'Rien n’a été enregistré pendant le direct : aucune caméra à l’antenne n’a envoyé d’images',
    recordingSegmentMissing: (sequence, inputId) =>
      `Le segment ${sequence} de l’entrée live ${inputId} manque dans le stockage : l’enregistrement ne peut pas être assemblé`,
  } satisfies Translation<typeof LIVE_MESSAGES>,
  LIVE_CONVERT_MESSAGES: {
    videoNotReady: (id) => `La vidéo ${id} n’est pas encore prête : elle pourra être diffusée une fois encodée`,
    inputBusy: (name) => `L’entrée live « ${name} » est déjà à l’antenne : arrêtez d’abord son encodeur`,
    inputConverting: (name) => `Une vidéo est déjà diffusée dans l’entrée live « ${name} »`,
    notConverting: (id) => `La vidéo ${id} n’est diffusée dans aucune entrée live`,
    neverConverted: (id) => `La vidéo ${id} n’a jamais été diffusée dans une entrée live`,
    ingestUnavailable: 'Ce serveur ne reçoit aucun direct : impossible d’y diffuser une vidéo',
    fromPastEnd: (seconds) => `La vidéo dure ${seconds} s : commencez avant sa fin`,
    publishFailed: (detail) => `La vidéo n’a pas pu être envoyée à l’entrée : ${detail}`,
    stalled: (seconds) => `Aucune progression depuis ${seconds} s : relancée`,
    inputGone: 'L’entrée live a été supprimée',
    videoGone: 'La vidéo a été supprimée',
    nothingRecorded: (name) => `L’entrée live « ${name} » n’a rien enregistré sur cette période`,
    badPeriod: 'La fin de la période doit suivre son début',
    periodTooLong: (hours) => `Un assemblage réunit au plus ${hours} heures d’enregistrement`,
    noAssembly: (inputId) => `Rien n’a encore été assemblé depuis l’entrée live ${inputId}`,
    assemblyTitle: (name, date) => `${name}, enregistrement du ${date}`,
  } satisfies Translation<typeof LIVE_CONVERT_MESSAGES>,
};
