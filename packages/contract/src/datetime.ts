import { z } from 'zod';

/**
 * A date-time as the API speaks it, both ways: ISO 8601 with its offset (2025-08-01T18:00:00.000Z,
 * as Date.toISOString() and the queries' to_char write it). OpenAPI documents it as a string of
 * `format: date-time`, and the tests' response check holds every answer to it.
 */
export const isoDateTime = z.iso.datetime({ offset: true });
