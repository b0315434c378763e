import { describe, expect, it } from 'vitest';
import { cleanWordList, findBlockedWord } from './chat.ts';

describe('the chat word filter', () => {
  it('finds whole words and phrases, whatever the case, accents and punctuation', () => {
    const words = cleanWordList(['Arnaque', 'spoiler alert']);
    expect(findBlockedWord('Quelle ARNAQUÉ !', words)).toBe('arnaque');
    expect(findBlockedWord('huge spoiler... ALERT', words)).toBe('spoiler alert');
    expect(findBlockedWord('arnaques and spoilers alerted', words)).toBeNull();
    expect(findBlockedWord('anything', [])).toBeNull();
  });

  it('keeps a list trimmed, in lower case, without accents, empties or duplicates', () => {
    expect(cleanWordList([' Éloïse ', 'eloise', '', '  ', 'Spoiler Alert'])).toEqual(['eloise', 'spoiler alert']);
  });
});
