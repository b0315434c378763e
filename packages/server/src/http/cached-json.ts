import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The zod serializer (it checks a response against its schema, then writes its JSON), keeping
 * the text it wrote per response object: a hot route answering with a cached object (users/me,
 * the context, admin-payload) checks and writes it once, not on every call. Only for routes
 * whose response objects are never changed once answered; a new object is checked again.
 */
export function cachedJsonSerializer<T>({ schema, method, url, httpStatus }: FastifyRouteSchemaDef<T>) {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: the ${httpStatus} response has no zod schema`);
  const serialize = serializerCompiler({ schema, method, url });
  const texts = new WeakMap<object, string>();
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(data);
      texts.set(data, text);
    }
    return text;
  };
}
