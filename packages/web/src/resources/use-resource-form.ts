import { useCallback, useMemo, useState } from 'react';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import {
  type FieldMessage,
  type FormMode,
  type FormValues,
  fieldDisplay,
  formFields,
  formToBody,
  initialValues,
  mapServerErrors,
  type ServerErrors,
  sameValue,
  validateBody,
} from './form-state.ts';

const NO_SERVER_ERRORS: ServerErrors = { fields: {}, paths: {}, general: [] };

/**
 * The state of a generic edit form: values, touched fields, client errors from the zod schema,
 * server errors placed on their fields (each cleared when its field changes).
 */
export function useResourceForm(
  resource: AnyResource,
  record: ResourceRecord | null,
  /** A new record's starting values beside the schema's defaults (the account's sport). */
  createDefaults: Readonly<Record<string, unknown>> = {},
) {
  const mode: FormMode = record ? 'update' : 'create';
  const [initial] = useState(() => ({ ...initialValues(resource, record), ...(record ? {} : createDefaults) }));
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<ServerErrors>(NO_SERVER_ERRORS);

  const body = useMemo(() => formToBody(resource, values, mode), [resource, values, mode]);
  const errors = useMemo(() => validateBody(resource, body, mode), [resource, body, mode]);
  const modified = useMemo(
    () => new Set(formFields(resource).filter((field) => !sameValue(values[field], initial[field]))),
    [resource, values, initial],
  );

  const setValue = useCallback((field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current.fields)) return current;
      const { [field]: _cleared, ...fields } = current.fields;
      return { ...current, fields };
    });
  }, []);
  const touch = useCallback((field: string) => {
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  }, []);
  const touchAll = useCallback(
    (fields: readonly string[]) => setTouched((current) => new Set([...current, ...fields])),
    [],
  );

  const display = useCallback(
    (field: string): FieldDisplay => ({
      ...fieldDisplay(errors[field], serverErrors.fields[field], {
        touched: touched.has(field),
        modified: modified.has(field),
      }),
      // Where in the field the server's error is, while it shows (config.sportId of `config`).
      errorPath: field in serverErrors.fields ? serverErrors.paths[field] : undefined,
    }),
    [errors, serverErrors, touched, modified],
  );

  /** Back to the stored values (spec §4 "form reset"): no change, nothing touched, no server error. */
  const reset = useCallback(() => {
    setValues(initial);
    setTouched(new Set());
    setServerErrors(NO_SERVER_ERRORS);
  }, [initial]);

  return {
    mode,
    reset,
    values,
    body: body.body,
    errors,
    dirty: modified.size > 0,
    serverErrors,
    setValue,
    touch,
    touchAll,
    display,
    /** Places a failed save's `errors[]` on the fields. */
    showServerErrors: (error: unknown) => setServerErrors(mapServerErrors(error, resource)),
    clearServerErrors: () => setServerErrors(NO_SERVER_ERRORS),
  };
}

export type ResourceForm = ReturnType<typeof useResourceForm>;

/** How a field shows: its error, the colour of its frame, the server error's own path. */
export interface FieldDisplay {
  error: FieldMessage | null;
  tone: 'error' | 'warning' | null;
  errorPath?: string | undefined;
}
