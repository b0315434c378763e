import { describe, expect, it } from 'vitest';
import { COPY_CSV, type CsvFormat, csvLines, csvText, GUARDED_COPY_CSV, namedColumns, SPREADSHEET_CSV } from './csv.ts';

/** One cell as a format writes it, without its line end. */
function cell(format: CsvFormat, value: unknown): string {
  const text = csvText(format, [{ header: 'x', value: (row: { value: unknown }) => row.value }], [{ value }]);
  return text.slice('\uFEFFx'.length + String(format.record_delimiter).length, -String(format.record_delimiter).length);
}

describe('spreadsheet CSV', () => {
  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    const spreadsheet = (value: unknown) => cell(SPREADSHEET_CSV, value);
    expect(spreadsheet('plain')).toBe('plain');
    expect(spreadsheet('a,b')).toBe('"a,b"');
    expect(spreadsheet('say "hi"')).toBe('"say ""hi"""');
    expect(spreadsheet('one\ntwo')).toBe('"one\ntwo"');
    expect(spreadsheet('one\rtwo')).toBe('"one\rtwo"');
    expect(spreadsheet('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(spreadsheet(' padded ')).toBe('" padded "');
  });

  it('keeps a would-be formula as text, numbers as numbers', () => {
    const spreadsheet = (value: unknown) => cell(SPREADSHEET_CSV, value);
    expect(spreadsheet('=1+1')).toBe("'=1+1");
    expect(spreadsheet('+33 1 23')).toBe("'+33 1 23");
    expect(spreadsheet('-5')).toBe("'-5");
    expect(spreadsheet(-5)).toBe('-5');
    expect(spreadsheet('@me')).toBe("'@me");
    expect(spreadsheet('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes nothing for null, ISO text for dates, true/false and numbers as they are', () => {
    const spreadsheet = (value: unknown) => cell(SPREADSHEET_CSV, value);
    expect(spreadsheet(null)).toBe('');
    expect(spreadsheet(undefined)).toBe('');
    expect(spreadsheet(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(spreadsheet(42)).toBe('42');
    expect(spreadsheet(75.5)).toBe('75.5');
    expect(spreadsheet(false)).toBe('false');
  });

  it('starts with a byte order mark and the header, CRLF after every line', () => {
    const rows = [{ name: 'Ana' }, { name: 'Bo, Jr' }];
    expect(csvText(SPREADSHEET_CSV, [{ header: 'name', value: (row: { name: string }) => row.name }], rows)).toBe(
      '\uFEFFname\r\nAna\r\n"Bo, Jr"\r\n',
    );
    expect(csvText(SPREADSHEET_CSV, namedColumns(['a', 'b']), [])).toBe('\uFEFFa,b\r\n');
  });
});

describe("COPY's CSV", () => {
  it('writes cells as PostgreSQL COPY … (FORMAT csv) does', () => {
    const copy = (value: unknown) => cell(COPY_CSV, value);
    expect(copy('plain')).toBe('plain');
    expect(copy('Zoé, "la" fan')).toBe('"Zoé, ""la"" fan"');
    expect(copy(' Edge ')).toBe(' Edge ');
    expect(copy('one\rtwo')).toBe('"one\rtwo"');
    expect(copy('\\.')).toBe('"\\."');
    expect(copy('a\\.')).toBe('a\\.');
    expect(copy(null)).toBe('');
    // The fans' and audit's SELECT guards formulas itself, the same on COPY and here.
    expect(copy("'=1")).toBe("'=1");
    expect(copy('=1')).toBe('=1');
    expect(cell(GUARDED_COPY_CSV, '=1')).toBe("'=1");
    expect(cell(GUARDED_COPY_CSV, -1)).toBe('-1');
  });

  it('streams the header, then each batch as it comes', async () => {
    async function* batches() {
      yield [{ id: 1, name: 'a' }];
      yield [];
      yield [
        { id: 2, name: null },
        { id: 3, name: 'c,d' },
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvLines(COPY_CSV, namedColumns(['id', 'name']), batches())) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFFid,name\n', '1,a\n', '2,\n3,"c,d"\n']);
  });
});
