import { describe, expect, it } from 'vitest';
import { errorMessage } from './action.ts';
import { ApiError } from './client.ts';

const t = ((key: string) => `[${key}]`) as Parameters<typeof errorMessage>[1];

describe('the text of a failure', () => {
  it("shows the server's message with the fields it names, once each", () => {
    const refused = new ApiError(400, {
      message: 'Refusé : 127.0.0.1 est privée',
      errors: [{ path: 'url', message: 'Refusé : 127.0.0.1 est privée' }],
    });
    expect(errorMessage(refused, t)).toBe('Refusé : 127.0.0.1 est privée');
    const invalid = new ApiError(400, {
      message: 'La validation a échoué',
      errors: [{ path: 'name', message: 'Champ inconnu' }],
    });
    expect(errorMessage(invalid, t)).toBe('La validation a échoué — name: Champ inconnu');
  });

  it('says the network failed when there was no answer', () => {
    expect(errorMessage(new ApiError(0, null, 'fetch failed'), t)).toBe('[notification.networkError]');
  });
});
