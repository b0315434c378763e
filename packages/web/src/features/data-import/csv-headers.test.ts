import { describe, expect, it } from 'vitest';
import { csvHeaders } from './csv-headers.ts';

describe('csvHeaders', () => {
  it('reads the first line, whatever its separator, quotes included', () => {
    expect(csvHeaders('Date,Home,Away\n2025-08-16,A,B')).toEqual(['Date', 'Home', 'Away']);
    expect(csvHeaders('\uFEFFDate;"Home team";"Away ""B"""\r\nx')).toEqual(['Date', 'Home team', 'Away "B"']);
    expect(csvHeaders('Minute\tType\n')).toEqual(['Minute', 'Type']);
  });

  it('has no headers for an empty file', () => {
    expect(csvHeaders('')).toEqual([]);
  });
});
