import { describe, expect, it } from 'vitest';
import { csvFileName } from './speakers.csv.ts';

describe('csvFileName', () => {
  it('names the file after the account and the day', () => {
    expect(csvFileName('Élan Événements & Co', new Date('2026-11-21T10:00:00Z'))).toBe(
      'speakers-elan-evenements-co-2026-11-21.csv',
    );
    expect(csvFileName('***', new Date('2026-11-21T10:00:00Z'))).toBe('speakers-account-2026-11-21.csv');
  });
});
