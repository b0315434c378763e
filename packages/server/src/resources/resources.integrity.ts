import { HTTP_MESSAGES } from '@regie/contract/errors';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { badRequest, type FieldError } from '../http/http.errors.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { visibleRows } from './resources.access.ts';
import { idColumn } from './resources.columns.ts';
import { allOf, byId } from './resources.query.ts';
import type { Engine, ResourceEntry, Row } from './resources.types.ts';

async function isVisible(engine: Engine, entry: ResourceEntry, auth: AuthContext, id: number): Promise<boolean> {
  const [row] = await engine.db
    .select({ id: idColumn(entry) })
    .from(entry.table)
    .where(allOf(byId(entry, id), visibleRows(entry, auth)))
    .limit(1);
  return row !== undefined;
}

/**
 * What a write must hold together beyond each field's schema: a reference field names a record
 * the request can see (a sport of another account is as unknown as a missing one), and the
 * declaration's rules hold on the record as it will be stored (a PUT's fields over the stored
 * ones). Everything wrong is answered at once, 400 with one error per field.
 */
export async function checkIntegrity(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  body: Row,
  existing: Row | null,
): Promise<void> {
  const { definition } = entry;
  const errors: FieldError[] = [];
  for (const [field, ui] of Object.entries(definition.ui)) {
    const value = body[field];
    if (ui.widget !== 'reference' || field === definition.parent?.field || typeof value !== 'number') continue;
    const related = engine.byName(ui.reference ?? '');
    // A reference to a resource not served yet cannot be checked (nor chosen in the form).
    if (!related) continue;
    if (!(await isVisible(engine, related, auth, value))) {
      errors.push({ path: field, message: CRUD_MESSAGES.unknownReference(field) });
    }
  }
  const merged = { ...(existing ?? {}), ...body };
  for (const rule of definition.rules ?? []) {
    if (!rule.holds(merged)) errors.push({ path: rule.field, message: rule.message });
  }
  if (errors.length > 0) throw badRequest(errors[0]?.message ?? HTTP_MESSAGES.validationFailed, errors);
}
