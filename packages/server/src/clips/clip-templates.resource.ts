import { clipTemplatesResource } from '@regie/contract/resources/clip-templates';
import { and, eq, ne } from 'drizzle-orm';
import { clipTemplates } from '../db/clip-templates.table.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/**
 * Clip templates: a plain resource, except that an account has at most one default template.
 * Making one the default clears the flag on the others, in the same transaction (a partial
 * unique index backs this up).
 */
export const clipTemplatesEntry = resourceEntry({
  definition: clipTemplatesResource,
  table: clipTemplates,
  hooks: {
    async prepare(values, context) {
      if (values.isDefault !== true || context.accountId === null) return values;
      const others = context.existing
        ? and(eq(clipTemplates.accountId, context.accountId), ne(clipTemplates.id, context.existing.id))
        : eq(clipTemplates.accountId, context.accountId);
      await context.db
        .update(clipTemplates)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(others, eq(clipTemplates.isDefault, true)));
      return values;
    },
  },
});
