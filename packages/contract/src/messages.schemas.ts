import { z } from 'zod';
import type { MessageParam } from './messages.ts';

// Recursive, so OpenAPI can only give it as a named component (`id`): inline it has no name to refer to.
const messageParam: z.ZodType<MessageParam> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(messageParam)]))
  .meta({ id: 'MessageParam' });

/**
 * A Message as the API sends it, next to its text in the request's language (a job's
 * `lastErrorMessage`, a video's `failureReasonMessage`): the web renders it in its user's.
 */
export const messageSchema = z
  .object({
    code: z.string(),
    params: z.array(messageParam).readonly().optional(),
  })
  .meta({ id: 'Message' });
