import { describe, expect, it } from 'vitest';
import { chatCursor, cleanWordList, findBlockedWord, parseChatCursor } from './chat.ts';

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

describe('the chat cursor of the fans’ stream', () => {
  it('reads back what it wrote, and nothing else', () => {
    expect(parseChatCursor(chatCursor(42, 1_764_207_600_123))).toEqual({
      lastMessageId: 42,
      changedAtMs: 1_764_207_600_123,
    });
    for (const bad of ['', '42', '42-', '-1', '4a-12', '1-2-3', ' 1-2']) expect(parseChatCursor(bad)).toBeNull();
  });
});
