import { usersResource } from '@regie/contract/resources/users';
import { describe, expect, it } from 'vitest';
import { customizeResource, isResourceSetup, type ResourceCustomization } from './customization.ts';
import { formToBody, initialValues, validateBody } from './form-state.ts';

const users = usersResource;
const custom: ResourceCustomization = {
  fields: {
    meta: {
      toForm: (meta) => (meta as { language?: string } | undefined)?.language ?? 'en',
      toBody: (language) => ({ language }),
    },
    accessLevel: { hidden: ({ subject }) => !subject.roles.includes('manage_customer_accounts') },
  },
};
const manager = { subject: { roles: ['manage_users'], modules: [] }, record: null, creating: true };

describe('a screen customisation', () => {
  it('takes hidden fields out of the form, the columns and the filters', () => {
    const resource = customizeResource(users, custom, manager);
    expect(Object.keys(resource.ui)).not.toContain('accessLevel');
    expect(resource.columns).not.toContain('accessLevel');
    expect(resource.filters).toEqual(['disabled', 'groups']);
    const admin = customizeResource(users, custom, {
      ...manager,
      subject: { roles: ['manage_customer_accounts'], modules: [] },
    });
    expect(admin.columns).toContain('accessLevel');
  });

  it('converts a field between the stored value and the form value', () => {
    const resource = customizeResource(users, custom, manager);
    const record = { id: 1, username: 'ana', name: 'Ana', meta: { language: 'fr' }, groups: [] };
    const values = initialValues(resource, record);
    expect(values.meta).toBe('fr');
    expect(formToBody(resource, values, 'update').body.meta).toEqual({ language: 'fr' });
  });

  it('does not block a creation on a field the form leaves out (hidden, or set by the server)', () => {
    const resource = customizeResource(users, custom, manager);
    const form = formToBody(
      resource,
      { ...initialValues(resource), username: 'ana', name: 'Ana', password: 'x'.repeat(12) },
      'create',
    );
    expect(form.body).not.toHaveProperty('accessLevel');
    expect(validateBody(resource, form, 'create')).toEqual({});
  });

  it('tells a setup from a bare declaration', () => {
    expect(isResourceSetup(users)).toBe(false);
    expect(isResourceSetup({ resource: users, custom })).toBe(true);
  });
});
