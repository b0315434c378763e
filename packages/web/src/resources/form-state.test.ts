import { defineResource } from '@regie/contract/resources/define';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import type { AnyResource } from './any-resource.ts';
import {
  fieldDisplay,
  fieldOfPath,
  fieldsOfTab,
  formToBody,
  initialValues,
  isRequired,
  issueMessage,
  mapServerErrors,
  validateBody,
} from './form-state.ts';

/** A resource with one field of each kind the form converts. */
const sample = defineResource({
  name: 'samples',
  gateway: 'main',
  labelKey: 'resource.samples',
  fields: z.object({
    title: z.string().trim().min(1).max(20),
    note: z.string().max(200).nullable().optional(),
    rank: z.number().int().min(1).max(10).optional(),
    active: z.boolean().default(true),
    kind: z.enum(['a', 'b']).default('b'),
    startsAt: z.string(),
    settings: z.record(z.string(), z.unknown()).optional(),
    password: z.string().min(8),
    accountKey: z.string().optional(),
  }),
  ui: {
    title: { widget: 'limitedText', textLimit: 20 },
    note: { widget: 'textarea', tab: 'more' },
    rank: { widget: 'number' },
    active: { widget: 'switch' },
    kind: { widget: 'select', options: ['a', 'b'] },
    startsAt: { widget: 'dateTime' },
    settings: { widget: 'json', tab: 'more' },
    password: { widget: 'password', writeOnly: true },
    accountKey: { widget: 'text', readOnly: true },
  },
  columns: ['title'],
  filters: [],
  sortable: ['title'],
  defaultSort: { field: 'title', direction: 'asc' },
  search: ['title'],
  access: { read: {}, write: {} },
  tenancy: 'account',
});
const resource: AnyResource = sample;
const NOW = new Date('2024-05-01T10:00:00.000Z');

describe('form values', () => {
  it('starts a new record from the schema defaults, empty widgets elsewhere, dates at now', () => {
    expect(initialValues(resource, null, NOW)).toEqual({
      title: '',
      note: '',
      rank: '',
      active: true,
      kind: 'b',
      startsAt: NOW.toISOString(),
      settings: '',
      password: '',
      accountKey: '',
    });
  });

  it('starts an edit from the record: JSON as text, an invalid date at now, never a password', () => {
    const values = initialValues(
      resource,
      { id: 1, title: 'Derby', settings: { a: 1 }, startsAt: 'not a date', password: 'hash?', accountKey: 'k' },
      NOW,
    );
    expect(values).toMatchObject({
      title: 'Derby',
      settings: '{\n  "a": 1\n}',
      startsAt: NOW.toISOString(),
      password: '',
    });
  });

  it('sends what the schema takes for empty inputs and never a read-only field', () => {
    const values = { ...initialValues(resource, null, NOW), title: 'Derby', password: 'long enough' };
    const { body } = formToBody(resource, values, 'create');
    expect(body).toEqual({
      title: 'Derby',
      active: true,
      kind: 'b',
      startsAt: NOW.toISOString(),
      password: 'long enough',
    });
    expect('accountKey' in body).toBe(false);
  });

  it('sends null for an emptied nullable field', () => {
    const values = { ...initialValues(resource, null, NOW), title: 'x', note: '' };
    // note is nullable and optional: leaving it out is what the schema takes first.
    expect('note' in formToBody(resource, values, 'create').body).toBe(false);
    const nullable = defineResource({
      ...sample,
      fields: z.object({ ...sample.fields.shape, note: z.string().nullable() }),
    });
    expect(formToBody(nullable as AnyResource, values, 'create').body.note).toBeNull();
  });

  it('leaves a blank write-only field out of an update: the password stays unchanged', () => {
    const values = { ...initialValues(resource, { id: 1, title: 'Derby', startsAt: NOW.toISOString() }, NOW) };
    const form = formToBody(resource, values, 'update');
    expect('password' in form.body).toBe(false);
    expect(validateBody(resource, form, 'update')).toEqual({});
  });

  it('parses JSON text, and says so when it does not parse', () => {
    const base = { ...initialValues(resource, null, NOW), title: 'x', password: '12345678' };
    expect(formToBody(resource, { ...base, settings: '{"a":1}' }, 'create').body.settings).toEqual({ a: 1 });
    const broken = formToBody(resource, { ...base, settings: '{a:' }, 'create');
    expect(validateBody(resource, broken, 'create')).toEqual({ settings: { key: 'resource.validation.invalidJson' } });
  });

  it('holds every field on a page without tabs (a creation page when only the edit page has tabs)', () => {
    expect(fieldsOfTab(resource, null, null)).toEqual(Object.keys(resource.ui));
  });

  it("checks the declaration's rules between fields on the values it sends", () => {
    const seasons = seasonsResource;
    const values = {
      ...initialValues(seasons, null, NOW),
      name: '2026-2027',
      startDate: '2026-08-01T00:00:00.000Z',
      endDate: '2026-05-01T00:00:00.000Z',
    };
    expect(validateBody(seasons, formToBody(seasons, values, 'create'), 'create')).toEqual({
      endDate: { key: 'resource.seasons.rule.endBeforeStart' },
    });
    const fixed = { ...values, endDate: '2027-05-01T00:00:00.000Z' };
    expect(validateBody(seasons, formToBody(seasons, fixed, 'create'), 'create')).toEqual({});
  });

  it('puts a field without a tab on the first tab', () => {
    expect(fieldsOfTab(resource, 'infos', 'infos')).toEqual([
      'title',
      'rank',
      'active',
      'kind',
      'startsAt',
      'password',
      'accountKey',
    ]);
    expect(fieldsOfTab(resource, 'more', 'infos')).toEqual(['note', 'settings']);
  });

  it('marks required fields: no default, no null, no empty text', () => {
    expect(isRequired(resource.fields.shape.title, { widget: 'text' })).toBe(true);
    expect(isRequired(resource.fields.shape.kind, { widget: 'select' })).toBe(false);
    expect(isRequired(resource.fields.shape.note, { widget: 'textarea' })).toBe(false);
  });
});

describe('zod errors → form errors (same schema as the server)', () => {
  const check = (values: Record<string, unknown>) =>
    validateBody(
      resource,
      formToBody(resource, { ...initialValues(resource, null, NOW), ...values }, 'create'),
      'create',
    );

  it('says Required for a missing or blank required text', () => {
    expect(check({ title: '   ', password: '12345678' }).title).toEqual({ key: 'resource.validation.required' });
    expect(check({ title: 'x' }).password).toEqual({ key: 'resource.validation.required' });
  });

  it('gives limits with their numbers', () => {
    const errors = check({ title: 'x'.repeat(21), password: 'short', rank: 11 });
    expect(errors.title).toEqual({ key: 'resource.validation.tooLong', values: { count: 20 } });
    expect(errors.password).toEqual({ key: 'resource.validation.tooShort', values: { count: 8 } });
    expect(errors.rank).toEqual({ key: 'resource.validation.tooBig', values: { count: 10 } });
  });

  it('has no error for a valid form', () => {
    expect(check({ title: 'Derby', password: '12345678' })).toEqual({});
  });

  it('names an option outside the enum and a value of the wrong type', () => {
    expect(issueMessage({ code: 'invalid_value', path: ['kind'], message: 'x' }, 'c')).toEqual({
      key: 'resource.validation.invalidOption',
    });
    expect(issueMessage({ code: 'invalid_type', path: ['rank'], message: 'x' }, 'abc')).toEqual({
      key: 'resource.validation.invalidType',
    });
    expect(issueMessage({ code: 'custom', path: ['x'], message: 'Ends before it starts' }, 'x')).toEqual({
      text: 'Ends before it starts',
    });
  });

  it('validates tags with the declaration itself', () => {
    const tags = tagsResource;
    const body = formToBody(tags, { name: 'x'.repeat(61), tagType: 'player' }, 'create');
    expect(validateBody(tags, body, 'create')).toEqual({
      name: { key: 'resource.validation.tooLong', values: { count: 60 } },
    });
  });
});

describe('showing errors (spec §5)', () => {
  const error = { key: 'resource.validation.required' } as const;

  it('hides an error until the field is touched or modified', () => {
    expect(fieldDisplay(error, undefined, { touched: false, modified: false })).toEqual({ error: null, tone: null });
    expect(fieldDisplay(error, undefined, { touched: true, modified: false })).toEqual({ error, tone: 'error' });
    expect(fieldDisplay(error, undefined, { touched: false, modified: true })).toEqual({ error, tone: 'error' });
  });

  it('gives a touched field without error the warning colour', () => {
    expect(fieldDisplay(undefined, undefined, { touched: true, modified: false })).toEqual({
      error: null,
      tone: 'warning',
    });
  });

  it('shows a server error at once', () => {
    expect(fieldDisplay(undefined, 'Taken', { touched: false, modified: false })).toEqual({
      error: { text: 'Taken' },
      tone: 'error',
    });
  });
});

describe('server errors → fields', () => {
  const tags = tagsResource;

  it('finds the field in the paths servers write', () => {
    const fields = ['name', 'tagType'];
    expect(fieldOfPath('name', fields)).toBe('name');
    expect(fieldOfPath('body.name', fields)).toBe('name');
    expect(fieldOfPath('/tagType', fields)).toBe('tagType');
    expect(fieldOfPath('values[0]', fields)).toBeNull();
  });

  it('places a 400 errors[] on the fields and keeps the rest for the form', () => {
    const error = new ApiError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      errors: [
        { path: 'name', message: 'Too long' },
        { path: 'name', message: 'Second error on the same field' },
        { path: 'colour', message: 'Unknown field' },
      ],
    });
    expect(mapServerErrors(error, tags)).toEqual({
      fields: { name: 'Too long' },
      paths: { name: 'name' },
      general: ['Unknown field'],
    });
  });

  it('places a 409 conflict on the field it names', () => {
    const error = new ApiError(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'This name is already used',
      errors: [{ path: 'name', message: 'This name is already used' }],
    });
    expect(mapServerErrors(error, tags).fields).toEqual({ name: 'This name is already used' });
  });

  it('puts a 409 without a list on the first unique field', () => {
    const error = new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'This name is already used' });
    expect(mapServerErrors(error, tags).fields).toEqual({ name: 'This name is already used' });
  });

  it('leaves other failures to the notification', () => {
    const none = { fields: {}, paths: {}, general: [] };
    expect(mapServerErrors(new ApiError(500, { message: 'Boom' }), tags)).toEqual(none);
    expect(mapServerErrors(new Error('x'), tags)).toEqual(none);
  });
});
