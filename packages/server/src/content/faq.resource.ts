import { satisfies } from '@regie/contract/access';
import { faqResource } from '@regie/contract/resources/faq';
import { eq } from 'drizzle-orm';
import { faqEntries } from '../db/faq.table.ts';
import { resourceEntry } from '../resources/resources.types.ts';
import { accessSubject } from '../tenancy/tenancy.guards.ts';

/**
 * The FAQ: unpublished entries are drafts of its writers. Everyone else reads published entries
 * only, in every read (list, one record, search, translations), not just on the FAQ page.
 */
export const faqEntry = resourceEntry({
  definition: faqResource,
  table: faqEntries,
  scope: (auth) =>
    satisfies(accessSubject(auth), faqResource.access.write) ? undefined : eq(faqEntries.published, true),
});
