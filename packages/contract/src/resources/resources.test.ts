import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGE_TYPES, IMAGE_KINDS, UPLOAD_RULE } from '../uploads.ts';
import { accountConfig, accountsResource } from './accounts.ts';
import { SYSTEM_FIELDS } from './define.ts';
import { groupsResource } from './groups.ts';
import { sportsResource } from './sports.ts';
import { tagsResource } from './tags.ts';
import { usersResource } from './users.ts';

const DECLARATIONS = [tagsResource, sportsResource, accountsResource, usersResource, groupsResource];

describe.each(DECLARATIONS.map((resource) => [resource.name, resource] as const))(
  'the %s declaration',
  (_, resource) => {
    const fields = Object.keys(resource.fields.shape);
    const known = [...fields, ...SYSTEM_FIELDS];

    it('names only its own fields in columns, filters, sort, search, translations and unique sets', () => {
      expect(Object.keys(resource.ui).sort()).toEqual([...fields].sort());
      for (const list of [resource.columns, resource.filters, resource.sortable, [resource.defaultSort.field]]) {
        for (const field of list) expect(known).toContain(field);
      }
      for (const field of [...resource.search, ...(resource.translatable ?? []), ...(resource.unique ?? []).flat()]) {
        expect(fields).toContain(field);
      }
    });

    it('accepts its own defaults', () => {
      const defaults = resource.fields.partial().safeParse({});
      expect(defaults.success).toBe(true);
    });
  },
);

describe('accountConfig', () => {
  it('fills every key from an empty config, primary colour #0ACAFF', () => {
    expect(accountConfig.parse({})).toEqual({
      theme: { primaryColor: '#0ACAFF', logo: null },
      languages: { available: ['en', 'fr'], default: 'en' },
      contactEmail: null,
      timezone: 'Europe/Paris',
    });
  });

  it('wants the default language among the available ones', () => {
    expect(accountConfig.safeParse({ languages: { available: ['fr'], default: 'en' } }).success).toBe(false);
  });
});

describe('uploads', () => {
  it('covers the image kinds of the declarations and refuses uploads to read_only', () => {
    expect(IMAGE_KINDS).toEqual(['logo', 'skin', 'sponsor', 'picture', 'icon']);
    expect(ACCEPTED_IMAGE_TYPES).toContain('image/svg+xml');
    expect(UPLOAD_RULE.authorizedRoles).not.toContain('read_only');
  });
});
