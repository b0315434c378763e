import type { MessageKey } from '@regie/contract/i18n/en';
import type { FieldUi } from '@regie/contract/resources/define';
import { ApiError } from '../api/client.ts';
import {
  type AnyResource,
  type FieldSchema,
  fieldUiOf,
  type ResourceRecord,
  type SchemaIssue,
  type ScreenFieldUi,
} from './any-resource.ts';

/**
 * The edit form of a resource, as pure functions: initial values from the record or the schema's
 * defaults, the body sent to the server, and the errors shown under each field — checked with the
 * same zod schema the server validates with, then the server's own field errors on top.
 */
export type FormValues = Readonly<Record<string, unknown>>;

/** A message to show: an i18n key with its values, or the text of a custom zod check. */
export type FieldMessage = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

/** The fields of the form, in declaration order. */
export function formFields(resource: Pick<AnyResource, 'ui'>): string[] {
  return Object.keys(resource.ui);
}

/** The fields of one edit tab; a field without `tab` sits on the first one. */
export function fieldsOfTab(resource: Pick<AnyResource, 'ui'>, tab: string | null, firstTab: string | null): string[] {
  // A page without tabs (a creation page when only the edit page has tabs) holds every field.
  if (tab === null) return formFields(resource);
  return formFields(resource).filter((field) => (resource.ui[field]?.tab ?? firstTab) === tab);
}

/** What parsing `undefined` gives: the schema's default, or nothing. */
function schemaDefault(schema: FieldSchema | undefined): unknown {
  const parsed = schema?.safeParse(undefined);
  return parsed?.success ? parsed.data : undefined;
}

export function accepts(schema: FieldSchema | undefined, value: unknown): boolean {
  return Boolean(schema?.safeParse(value).success);
}

/** A required field fails without a value; its label gets the asterisk. */
export function isRequired(schema: FieldSchema | undefined, ui: FieldUi): boolean {
  if (ui.widget === 'switch') return false;
  return !accepts(schema, undefined) && !accepts(schema, null) && !accepts(schema, '');
}

function isValidDate(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));
}

/** The value a widget shows for "nothing". */
function emptyValue(ui: FieldUi): unknown {
  switch (ui.widget) {
    case 'switch':
      return false;
    case 'select':
    case 'reference':
    case 'image':
      return null;
    case 'multiSelect':
    case 'references':
      return [];
    default:
      return '';
  }
}

/** The form value of one field: JSON is edited as text, dates fall back to now (spec §5). */
function toFormValue(ui: ScreenFieldUi, value: unknown, now: Date): unknown {
  if (ui.custom?.toForm) return ui.custom.toForm(value);
  if (ui.widget === 'dateTime') return isValidDate(value) ? value : now.toISOString();
  if (value === undefined || value === null) return emptyValue(ui);
  if (ui.widget === 'json') return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  if (ui.widget === 'password') return '';
  return value;
}

export function initialValues(resource: AnyResource, record?: ResourceRecord | null, now = new Date()): FormValues {
  const values: Record<string, unknown> = {};
  for (const field of formFields(resource)) {
    const ui = fieldUiOf(resource, field);
    const source = record ? record[field] : schemaDefault(resource.fields.shape[field]);
    values[field] = toFormValue(ui, source, now);
  }
  return values;
}

/** An empty input sent as nothing, as null or as an empty string: whichever the schema takes. */
function blank(schema: FieldSchema | undefined): { value: unknown } | null {
  if (accepts(schema, undefined)) return null;
  if (accepts(schema, null)) return { value: null };
  return { value: '' };
}

export interface FormBody {
  body: Record<string, unknown>;
  /** Values that could not even be converted (JSON that does not parse). */
  conversionErrors: Record<string, FieldMessage>;
}

/** Creating sends every field; updating may leave some out (a blank password: unchanged). */
export type FormMode = 'create' | 'update';

/**
 * The request body: the writable fields (never `readOnly` ones, which the server sets), empty
 * inputs turned into what the schema takes; on update a blank `writeOnly` field is left out.
 */
export function formToBody(resource: AnyResource, values: FormValues, mode: FormMode): FormBody {
  const body: Record<string, unknown> = {};
  const conversionErrors: Record<string, FieldMessage> = {};
  for (const field of formFields(resource)) {
    const ui = fieldUiOf(resource, field);
    if (ui.readOnly) continue;
    const schema = resource.fields.shape[field];
    const value = values[field];
    if (ui.custom?.toBody) {
      body[field] = ui.custom.toBody(value);
      continue;
    }
    const empty = value === '' || value === null || value === undefined;
    if (empty && ui.writeOnly && mode === 'update') continue;
    if (empty && ui.widget !== 'switch') {
      const replacement = blank(schema);
      if (replacement) body[field] = replacement.value;
      continue;
    }
    if (ui.widget === 'json' && typeof value === 'string') {
      try {
        body[field] = JSON.parse(value);
      } catch {
        conversionErrors[field] = { key: 'resource.validation.invalidJson' };
      }
      continue;
    }
    body[field] = value;
  }
  return { body, conversionErrors };
}

/**
 * The message of a zod issue, in the user's language where the issue is a known kind. `value` is
 * what was checked (zod leaves the input out of its issues): nothing at all means 'Required'.
 */
export function issueMessage(issue: SchemaIssue, value: unknown): FieldMessage {
  const count = Number(issue.minimum ?? issue.maximum ?? 0);
  const blank = value === undefined || value === null || value === '';
  if (blank && (issue.code === 'invalid_type' || issue.code === 'too_small'))
    return { key: 'resource.validation.required' };
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'resource.validation.invalidType' };
    case 'too_small':
      if (issue.origin === 'string') {
        return count <= 1
          ? { key: 'resource.validation.required' }
          : { key: 'resource.validation.tooShort', values: { count } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'resource.validation.tooFew', values: { count } };
      return { key: 'resource.validation.tooSmall', values: { count } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'resource.validation.tooLong', values: { count } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'resource.validation.tooMany', values: { count } };
      return { key: 'resource.validation.tooBig', values: { count } };
    case 'invalid_value':
      return { key: 'resource.validation.invalidOption' };
    case 'invalid_format':
      return { key: 'resource.validation.invalidFormat' };
    default:
      return { text: issue.message };
  }
}

/**
 * The first error of each field, by the same schema the server checks bodies with. An update
 * checks only the fields it sends (the server takes any subset on PUT); read-only fields are the
 * server's.
 */
export function validateBody(resource: AnyResource, form: FormBody, mode: FormMode): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = { ...form.conversionErrors };
  const result = resource.fields.safeParse(form.body);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    if (mode === 'update' && !(field in form.body) && !(field in form.conversionErrors)) continue;
    // Read-only fields (accounts.accountKey) are the server's; a field a customisation left out
    // of the form is not the user's to fix here either: the server says what it thinks of both.
    const ui = resource.ui[field];
    if ((!ui || ui.readOnly) && !(field in form.body)) continue;
    errors[field] = issueMessage(issue, form.body[field]);
  }
  // Rules between fields (a season ends after it starts), on the values the form sends.
  for (const rule of resource.rules ?? []) {
    if (!(rule.field in errors) && rule.field in form.body && !rule.holds(form.body)) {
      errors[rule.field] = { key: rule.messageKey };
    }
  }
  return errors;
}

/** The field a server error path names: `name`, `body.name`, `/name`, `values[0]`… */
export function fieldOfPath(path: string, fields: readonly string[]): string | null {
  const segments = path.split(/[./[\]]+/).filter(Boolean);
  return segments.find((segment) => fields.includes(segment)) ?? null;
}

export interface ServerErrors {
  /** Errors of the form's fields, shown under them until the field changes. */
  fields: Record<string, string>;
  /** The server's own path of each placed error (`config.sportId`), for an input of several parts. */
  paths: Record<string, string>;
  /** What could not be placed on a field (shown above the form). */
  general: string[];
}

/**
 * A 400 or 409 answer's `errors[]` placed on the fields (spec §8 error shape). A 409 without a
 * list is a unique conflict: it goes on the first field of the resource's unique sets.
 */
export function mapServerErrors(error: unknown, resource: Pick<AnyResource, 'ui' | 'unique'>): ServerErrors {
  const result: ServerErrors = { fields: {}, paths: {}, general: [] };
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return result;
  const fields = formFields(resource);
  for (const item of error.fieldErrors) {
    const field = fieldOfPath(item.path, fields);
    if (field && !(field in result.fields)) {
      result.fields[field] = item.message;
      result.paths[field] = item.path;
    } else if (!field) result.general.push(item.message);
  }
  const conflictField = resource.unique?.[0]?.[0];
  if (error.status === 409 && error.fieldErrors.length === 0 && conflictField) {
    result.fields[conflictField] = error.message;
  }
  return result;
}

export interface FieldState {
  touched: boolean;
  modified: boolean;
}

/**
 * Spec §5: an error shows under a field once it was touched or modified; a touched field with
 * no error gets the warning colour. A server error shows at once.
 */
export function fieldDisplay(
  error: FieldMessage | undefined,
  serverError: string | undefined,
  state: FieldState,
): { error: FieldMessage | null; tone: 'error' | 'warning' | null } {
  if (serverError) return { error: { text: serverError }, tone: 'error' };
  const seen = state.touched || state.modified;
  if (seen && error) return { error, tone: 'error' };
  return { error: null, tone: seen ? 'warning' : null };
}

/** Whether a value differs from the one the form started with. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
