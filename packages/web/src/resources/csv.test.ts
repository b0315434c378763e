import { describe, expect, it } from 'vitest';
import { csvFileName, escapeCsvValue, toCsv } from './csv.ts';

describe('CSV escaping', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(escapeCsvValue('Derby')).toBe('Derby');
    expect(escapeCsvValue(42)).toBe('42');
    expect(escapeCsvValue(-3.5)).toBe('-3.5');
    expect(escapeCsvValue(true)).toBe('true');
  });

  it('writes nothing for null and undefined', () => {
    expect(escapeCsvValue(null)).toBe('');
    expect(escapeCsvValue(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(escapeCsvValue('Lyon, France')).toBe('"Lyon, France"');
    expect(escapeCsvValue('The "derby"')).toBe('"The ""derby"""');
    expect(escapeCsvValue('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvValue('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('quotes leading and trailing spaces so that they survive', () => {
    expect(escapeCsvValue(' padded ')).toBe('" padded "');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(escapeCsvValue('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(escapeCsvValue('+33 1 23')).toBe("'+33 1 23");
    expect(escapeCsvValue('-drop')).toBe("'-drop");
    expect(escapeCsvValue('@sum')).toBe("'@sum");
  });

  it('writes objects as JSON and dates as ISO text', () => {
    expect(escapeCsvValue({ a: 1 })).toBe('"{""a"":1}"');
    expect(escapeCsvValue(new Date('2024-05-01T10:00:00.000Z'))).toBe('2024-05-01T10:00:00.000Z');
  });

  it('joins a header line and one line per row, with CRLF line ends', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; type: string }) => row.name },
        { header: 'Type', value: (row: { name: string; type: string }) => row.type },
      ],
      [
        { name: 'Derby', type: 'Theme' },
        { name: 'Équipe, A', type: 'Team' },
      ],
    );
    expect(csv).toBe('Name,Type\r\nDerby,Theme\r\n"Équipe, A",Team\r\n');
  });

  it('names the file after the resource and the day', () => {
    expect(csvFileName('tags', new Date('2024-05-01T10:00:00.000Z'))).toBe('tags-2024-05-01.csv');
  });
});
