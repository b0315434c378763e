import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TOKEN_MESSAGE_KEYS } from './auth.ts';
import { CLIP_MESSAGES } from './clips.ts';
import { FIELD_MESSAGES, HTTP_MESSAGES } from './errors.ts';
import { SERVER_MESSAGES_FR } from './i18n/server.fr.ts';
import { JOB_MESSAGES } from './jobs.ts';
import { MEDIA_MESSAGES } from './media.ts';
import { renderMessage } from './messages.render.ts';
import { catalogNames, refineMessage, schemaIssueMessage, schemaMessage } from './messages.ts';
import { VIDEO_MESSAGES } from './videos.ts';
// Registers its catalogs (no module this test imports does).
import './viewer-access.ts';

describe('server messages in French', () => {
  it('has a French twin for every catalog and every message', () => {
    for (const name of catalogNames()) {
      expect(Object.keys(SERVER_MESSAGES_FR), name).toContain(name);
    }
    expect(Object.keys(SERVER_MESSAGES_FR).sort()).toEqual(catalogNames().sort());
    for (const [name, twin] of Object.entries(SERVER_MESSAGES_FR)) {
      expect(name.endsWith('_MESSAGES'), name).toBe(true);
      expect(Object.keys(twin).length, name).toBeGreaterThan(0);
    }
  });

  it('makes codes, with the arguments as parameters, that survive JSON', () => {
    expect(AUTH_MESSAGES.notAuthorised).toEqual({ code: 'AUTH_MESSAGES.notAuthorised' });
    const made = VIDEO_MESSAGES.missingParts([3, 7]);
    expect(made).toEqual({ code: 'VIDEO_MESSAGES.missingParts', params: [[3, 7]] });
    expect(JSON.parse(JSON.stringify(made))).toEqual(made);
  });

  it('renders fixed messages in English and in French', () => {
    expect(renderMessage(AUTH_MESSAGES.notAuthorised, 'en')).toBe('Action not authorised !');
    expect(renderMessage(AUTH_MESSAGES.notAuthorised, 'fr')).toBe('Action non autorisée !');
    expect(renderMessage(FIELD_MESSAGES.hexColor, 'fr')).toBe('Utilisez une couleur comme #0ACAFF');
    expect(renderMessage(HTTP_MESSAGES.validationFailed, 'fr')).toBe('La validation a échoué');
    expect(renderMessage(HTTP_MESSAGES.validationFailed)).toBe('Validation failed');
  });

  it('renders a message with parameters in each language, from its parameters only', () => {
    expect(renderMessage(VIDEO_MESSAGES.notFound(42), 'en')).toBe('Video 42 not found');
    expect(renderMessage(VIDEO_MESSAGES.notFound(42), 'fr')).toBe('Vidéo 42 introuvable');
    expect(renderMessage(VIDEO_MESSAGES.missingParts([3, 7]), 'fr')).toBe(
      'Parties manquantes : 3, 7 ; envoyez-les, puis terminez à nouveau',
    );
    expect(renderMessage(CLIP_MESSAGES.outBeyondDuration(12.5), 'fr')).toBe(
      'Le clip doit se terminer avant la fin de la vidéo (elle dure 12,50 s)',
    );
    expect(renderMessage(VIDEO_MESSAGES.importHttpStatus(404), 'fr')).toBe('Le serveur a répondu HTTP 404');
    expect(renderMessage(JOB_MESSAGES.notFailed(9, 'in_progress'), 'fr')).toBe(
      'La tâche 9 est en cours : seule une tâche en échec peut être relancée',
    );
    // A stored message comes back from JSON: the same words.
    const stored = JSON.parse(JSON.stringify(MEDIA_MESSAGES.notVideo('moov atom not found')));
    expect(renderMessage(stored, 'en')).toBe('The file is not a video ffmpeg can read: moov atom not found');
    expect(renderMessage(stored, 'fr')).toBe(
      'Le fichier n’est pas une vidéo que ffmpeg sait lire : moov atom not found',
    );
  });

  it('renders an unknown code, or parameters its entry cannot take, as the unexpected error, never throwing', () => {
    expect(renderMessage({ code: 'NO_SUCH_MESSAGES.gone', params: [1] }, 'en')).toBe('An unexpected error occurred');
    expect(renderMessage({ code: 'nodot' }, 'fr')).toBe('Une erreur inattendue s’est produite');
    expect(renderMessage({ code: 'VIDEO_MESSAGES.missingParts', params: [] }, 'fr')).toBe(
      'Une erreur inattendue s’est produite',
    );
    expect(renderMessage(VIDEO_MESSAGES.notFound(1), 'de')).toBe('Video 1 not found');
  });

  it("keeps 'token' in every token message, English and French, for the web's dead-session check (spec §8)", () => {
    for (const key of TOKEN_MESSAGE_KEYS) {
      expect(renderMessage(AUTH_MESSAGES[key], 'en'), key).toMatch(/token/i);
      expect(renderMessage(AUTH_MESSAGES[key], 'fr'), key).toMatch(/token/i);
    }
  });

  it('finds the Message of a schema issue by its declared text or the Message it carries', () => {
    expect(schemaMessage(FIELD_MESSAGES.hexColor)).toBe('Use a colour like #0ACAFF');
    expect(schemaIssueMessage({ message: 'Use a colour like #0ACAFF' })).toEqual(FIELD_MESSAGES.hexColor);
    const refined = refineMessage(VIDEO_MESSAGES.notFound(3));
    expect(refined.message).toBe('Video 3 not found');
    expect(schemaIssueMessage({ message: refined.message, params: refined.params })).toEqual(
      VIDEO_MESSAGES.notFound(3),
    );
    expect(schemaIssueMessage({ message: 'Too small: expected string to have >=1 characters' })).toBeNull();
    expect(() => schemaMessage(VIDEO_MESSAGES.notFound(3))).toThrow();
  });
});
