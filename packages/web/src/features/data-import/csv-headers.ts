/**
 * The column headers of a CSV file, read from its first line in the browser (the user maps them
 * once to the fields Regie reads): comma, semicolon or tab separated, quotes handled.
 */
export function csvHeaders(text: string): string[] {
  const line = (text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').trim();
  if (!line) return [];
  const separator = [',', ';', '\t'].reduce((best, candidate) =>
    line.split(candidate).length > line.split(best).length ? candidate : best,
  );
  const headers: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      headers.push(current.trim());
      current = '';
    } else current += char;
  }
  headers.push(current.trim());
  return headers.filter((header) => header.length > 0);
}

/** The first 64 KiB of a file, as text: enough for its header line. */
export async function fileHead(file: Blob): Promise<string> {
  return file.slice(0, 65_536).text();
}
