import { z } from 'zod';
import type { MessageParam } from './messages.ts';

const messageValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
// Named (`id`), so OpenAPI gives it once as the MessageParam component.
const messageParam: z.ZodType<MessageParam> = z
  .union([messageValue, z.array(messageValue).readonly()])
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
