import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import {
  type FanFieldErrors,
  type FanFormField,
  type FanFormValues,
  fieldErrorsOf,
  missingFields,
} from './fan-form.ts';

/**
 * A fan form's values and errors, for the fan's page and the "New fan" dialog alike: a field
 * changed loses its error until the next check; `checked()` shows the missing fields and answers
 * whether the form may be sent; `refused` shows a server's refusal under its fields.
 */
export function useFanForm(initial: FanFormValues | (() => FanFormValues)) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FanFieldErrors>({});
  const clearError = (field: keyof FanFieldErrors) => setErrors(({ [field]: _gone, ...others }) => others);
  return {
    values,
    errors,
    change(next: FanFormValues, field: FanFormField) {
      setValues(next);
      clearError(field);
    },
    clearError,
    checked(): boolean {
      const missing = missingFields(values);
      if (missing.length === 0) return true;
      setErrors(Object.fromEntries(missing.map((field) => [field, t('resource.validation.required')])));
      return false;
    },
    refused(error: unknown) {
      setErrors(fieldErrorsOf(error));
    },
    /** The values as saved: the form starts again from them, without errors. */
    reset(next: FanFormValues) {
      setValues(next);
      setErrors({});
    },
  };
}
