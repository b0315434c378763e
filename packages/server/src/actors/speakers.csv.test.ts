import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './speakers.csv.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('keeps a would-be formula as text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 1 23')).toBe("'+33 1 23");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('@me')).toBe("'@me");
  });

  it('writes nothing for null, ISO text for dates and numbers as they are', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(42)).toBe('42');
  });
});

describe('toCsv', () => {
  it('starts with a byte order mark and the header, CRLF between lines', () => {
    const rows = [{ name: 'Ana' }, { name: 'Bo, Jr' }];
    expect(toCsv([{ header: 'name', value: (row: { name: string }) => row.name }], rows)).toBe(
      '\uFEFFname\r\nAna\r\n"Bo, Jr"\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('names the file after the account and the day', () => {
    expect(csvFileName('Élan Événements & Co', new Date('2026-11-21T10:00:00Z'))).toBe(
      'speakers-elan-evenements-co-2026-11-21.csv',
    );
    expect(csvFileName('***', new Date('2026-11-21T10:00:00Z'))).toBe('speakers-account-2026-11-21.csv');
  });
});
