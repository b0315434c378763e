import type { Db } from '../db/database.ts';
import { translations } from '../db/translations.table.ts';

/** What the demo seeds share. Language 2 is fr (reference data mirrors the contract's LANGUAGES order). */
const FRENCH = 2;

export async function french(
  db: Db,
  resource: string,
  recordId: number,
  values: Record<string, string>,
): Promise<void> {
  await db.insert(translations).values({ resource, recordId, languageId: FRENCH, values });
}

/** The one row an insert returned. */
export function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`Could not create ${what}`);
  return row;
}
