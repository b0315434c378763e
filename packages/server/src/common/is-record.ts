/** An object read from outside (JSON, a query, a message): its keys can be looked at one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
