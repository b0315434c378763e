import type { FanCreateInput, FanRow, FanUpdateInput } from '@regie/contract/fans.schemas';
import { ApiError } from '../../api/client.ts';
import { fieldOfPath } from '../../resources/form-state.ts';

/** The fields of a fan the CRM sets (contract fanCreateBody, fanUpdateBody), as the forms hold them. */
export interface FanFormValues {
  email: string;
  nickname: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'fr';
  marketingConsent: boolean;
  partnersConsent: boolean;
}
export type FanFormField = keyof FanFormValues;

/** Where a server error may be shown: a field of the form, or the new fan's tags. */
const ERROR_FIELDS = [
  'email',
  'nickname',
  'firstName',
  'lastName',
  'language',
  'marketingConsent',
  'partnersConsent',
  'tagIds',
];
export type FanFieldErrors = Partial<Record<FanFormField | 'tagIds', string>>;

export const NEW_FAN: FanFormValues = {
  email: '',
  nickname: '',
  firstName: '',
  lastName: '',
  language: 'en',
  marketingConsent: false,
  partnersConsent: false,
};

export function valuesOf(fan: FanRow): FanFormValues {
  return {
    email: fan.email,
    nickname: fan.nickname,
    firstName: fan.firstName,
    lastName: fan.lastName,
    language: fan.language === 'fr' ? 'fr' : 'en',
    marketingConsent: fan.marketingConsent,
    partnersConsent: fan.partnersConsent,
  };
}

function trimmed(values: FanFormValues): FanFormValues {
  return {
    ...values,
    email: values.email.trim(),
    nickname: values.nickname.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
}

/** A new fan's body: an empty nickname is left to the server (the email's part before the @). */
export function createBody(values: FanFormValues, tagIds: readonly number[]): FanCreateInput {
  const { nickname, ...rest } = trimmed(values);
  return { ...rest, ...(nickname ? { nickname } : {}), tagIds: [...tagIds] };
}

/** Only what changed since `saved`: a correction sends no field it does not change. */
export function changedFields(saved: FanFormValues, values: FanFormValues): FanUpdateInput {
  const now = trimmed(values);
  const changed: Record<string, unknown> = {};
  for (const field of Object.keys(now) as FanFormField[]) {
    if (now[field] !== saved[field]) changed[field] = now[field];
  }
  return changed as FanUpdateInput;
}

/** What the form checks before sending: the email, which is required (the server checks the rest). */
export function missingFields(values: FanFormValues): FanFormField[] {
  return values.email.trim() === '' ? ['email'] : [];
}

/**
 * A refusal's field errors (400, 409: `errors[]` naming the field) placed on the form's fields;
 * what names none of them is left to the action's notification.
 */
export function fieldErrorsOf(error: unknown): FanFieldErrors {
  const errors: FanFieldErrors = {};
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return errors;
  for (const item of error.fieldErrors) {
    const field = fieldOfPath(item.path, ERROR_FIELDS) as keyof FanFieldErrors | null;
    if (field && errors[field] === undefined) errors[field] = item.message;
  }
  return errors;
}
