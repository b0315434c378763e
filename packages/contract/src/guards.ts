// Type guards for values read from outside (JSON, a query, a socket message, a form control):
// they check what a cast would only assume. Zod-free, so the web app's start-up can use them.

/** An object whose keys can be looked at one by one (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One of a closed list of values (a select's options, a union of literals). */
export function isOneOf<const Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return typeof value === 'string' && values.some((item) => item === value);
}
