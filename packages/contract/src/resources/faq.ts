import { z } from 'zod';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 4000;
export const FAQ_POSITION_MAX = 10_000;

/**
 * The back-office FAQ (menu faq/main). Written by platform admins for everyone: platform entries
 * (no account) are read by every signed-in user, whatever their roles, read_only and no role at
 * all included. The read rule is empty on purpose: signing in is enough.
 */
export const faqResource = defineResource({
  name: 'faq',
  singular: 'FAQ entry',
  gateway: 'main',
  labelKey: 'resource.faq',
  fields: z.object({
    question: z.string().trim().min(1).max(FAQ_QUESTION_MAX),
    answer: z.string().trim().min(1).max(FAQ_ANSWER_MAX),
    /** Order on the FAQ page, smallest first. */
    position: z.number().int().min(0).max(FAQ_POSITION_MAX).default(0),
    /** Unpublished entries are drafts: the FAQ page lists published ones; its editors see them all. */
    published: z.boolean().default(true),
  }),
  ui: {
    question: { widget: 'limitedText', textLimit: FAQ_QUESTION_MAX },
    answer: { widget: 'textarea' },
    position: { widget: 'number' },
    published: { widget: 'switch' },
  },
  columns: ['position', 'question', 'published', 'updatedAt'],
  filters: ['published'],
  sortable: ['position', 'question', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['question', 'answer'],
  translatable: ['question', 'answer'],
  unique: [['question']],
  // Written by the platform's administrators for every account.
  access: { read: {}, write: registeredWriteRule('faq') },
  tenancy: 'shared',
});
