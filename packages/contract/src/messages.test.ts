import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TOKEN_MESSAGE_KEYS } from './auth.ts';
import { CLIP_MESSAGES } from './clips.ts';
import { FIELD_MESSAGES, HTTP_MESSAGES } from './errors.ts';
import { SERVER_MESSAGES_FR } from './i18n/server.fr.ts';
import { JOB_MESSAGES } from './jobs.ts';
import { catalogNames, type Translations, translateMessage } from './messages.ts';
import './accounts.ts';
import './cache.ts';
import './data-providers.ts';
import './payments.ts';
import './resources/item-links.ts';
import './resources/playlists.ts';
import './resources/shapes.ts';
import './sport-maps.ts';
import './uploads.ts';
import { VIDEO_MESSAGES } from './videos.ts';

const fr = SERVER_MESSAGES_FR as unknown as Translations;

describe('server messages in French', () => {
  it('has a French twin for every catalog and every message', () => {
    for (const name of catalogNames()) {
      expect(Object.keys(fr), name).toContain(name);
    }
    expect(Object.keys(fr).sort()).toEqual(catalogNames().sort());
  });

  it('translates fixed messages by their text', () => {
    expect(translateMessage(AUTH_MESSAGES.notAuthorised, fr)).toBe('Action non autorisée !');
    expect(translateMessage(FIELD_MESSAGES.hexColor, fr)).toBe('Utilisez une couleur comme #0ACAFF');
    expect(translateMessage(HTTP_MESSAGES.validationFailed, fr)).toBe('La validation a échoué');
  });

  it('translates a made message with the arguments it was made with, whatever the English did with them', () => {
    expect(translateMessage(VIDEO_MESSAGES.notFound(42), fr)).toBe('Vidéo 42 introuvable');
    expect(translateMessage(VIDEO_MESSAGES.missingParts([3, 7]), fr)).toBe(
      'Parties manquantes : 3, 7 ; envoyez-les, puis terminez à nouveau',
    );
    expect(translateMessage(CLIP_MESSAGES.outBeyondDuration(12.5), fr)).toBe(
      'Le clip doit se terminer avant la fin de la vidéo (elle dure 12,50 s)',
    );
    expect(translateMessage(VIDEO_MESSAGES.shareNotConfigured('youtube'), fr)).toBe(
      'Le partage vers YouTube n’est pas configuré sur ce serveur',
    );
    expect(translateMessage(JOB_MESSAGES.notFailed(9, 'in_progress'), fr)).toBe(
      'La tâche 9 est en cours : seule une tâche en échec peut être relancée',
    );
  });

  it("keeps 'token' in every token message, English and French, for the web's dead-session check (spec §8)", () => {
    for (const key of TOKEN_MESSAGE_KEYS) {
      expect(AUTH_MESSAGES[key], key).toMatch(/token/i);
      expect(SERVER_MESSAGES_FR.AUTH_MESSAGES[key], key).toMatch(/token/i);
    }
  });

  it('leaves alone a text no catalog made', () => {
    expect(translateMessage('ffmpeg exited with code 1', fr)).toBeNull();
  });
});
