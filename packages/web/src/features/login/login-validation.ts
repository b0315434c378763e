import type { MessageKey } from '@regie/contract/i18n/en';

export interface LoginValues {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, MessageKey>>;

/** Spec §5: the username is required once trimmed, the password is required. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = 'login.usernameRequired';
  if (!values.password) errors.password = 'login.passwordRequired';
  return errors;
}
