import { z } from 'zod';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const SPEAKER_NAME_MAX = 100;
export const SPEAKER_TITLE_MAX = 120;
export const SPEAKER_COMPANY_MAX = 120;
export const SPEAKER_BIO_MAX = 1000;
export const SPEAKER_EMAIL_MAX = 200;

/** Spec §7: GET /main-api/speakers/account/csv exports the account's speakers. */
export const SPEAKERS_CSV_PATH = '/main-api/speakers/account/csv';

/** Read and written by the same people. */
const SPEAKER_RULE = registeredWriteRule('speakers');

/** Who speaks at conferences (menu actors/speakers). */
export const speakersResource = defineResource({
  name: 'speakers',
  gateway: 'main',
  labelKey: 'resource.speakers',
  fields: z.object({
    name: z.string().trim().min(1).max(SPEAKER_NAME_MAX),
    /** Job title: 'Head of Product'. */
    title: z.string().trim().max(SPEAKER_TITLE_MAX).default(''),
    company: z.string().trim().max(SPEAKER_COMPANY_MAX).default(''),
    bio: z.string().trim().max(SPEAKER_BIO_MAX).default(''),
    /** An uploaded image key (kind 'picture'). */
    picture: imageKey.nullable().default(null),
    email: z.email().trim().toLowerCase().max(SPEAKER_EMAIL_MAX).nullable().default(null),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: SPEAKER_NAME_MAX },
    title: { widget: 'limitedText', textLimit: SPEAKER_TITLE_MAX },
    company: { widget: 'limitedText', textLimit: SPEAKER_COMPANY_MAX },
    bio: { widget: 'limitedText', textLimit: SPEAKER_BIO_MAX },
    picture: { widget: 'image', imageKind: 'picture' },
    email: { widget: 'text' },
  },
  columns: ['picture', 'name', 'title', 'company', 'email', 'updatedAt'],
  filters: ['company'],
  sortable: ['name', 'company', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name', 'company', 'title'],
  translatable: ['title', 'bio'],
  unique: [['name']],
  access: { read: SPEAKER_RULE, write: SPEAKER_RULE },
  tenancy: 'account',
});
