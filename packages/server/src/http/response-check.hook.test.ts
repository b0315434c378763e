import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJson } from '../resources/resources.http.ts';
import { checkResponses, type ResponseMismatch } from './response-check.hook.ts';

const mismatches: ResponseMismatch[] = [];
// Without the type provider: these routes answer what their schema refuses, on purpose.
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
checkResponses(app, (mismatch) => mismatches.push(mismatch));
const documented: Record<number, z.ZodType> = { 200: z.object({ id: z.number(), name: z.string() }) };
const routes: Record<string, unknown> = {
  '/fits': { id: 1, name: 'a' },
  '/wrong-type': { id: 'one', name: 'a' },
  '/more-than-documented': { id: 1, name: 'a', secret: 'x' },
};
for (const [url, body] of Object.entries(routes)) {
  app.get(url, { schema: { response: documented }, serializerCompiler: plainJson }, async () => body);
}
app.get('/undocumented-status', { schema: { response: documented } }, async (_request, reply) =>
  reply.code(201).send({ id: 1, name: 'a' }),
);
afterAll(() => app.close());

async function problemOf(url: string): Promise<string | undefined> {
  mismatches.length = 0;
  await app.inject({ url });
  return mismatches[0]?.problem;
}

describe('the response check', () => {
  it('passes a body that fits its documented schema', async () => {
    expect(await problemOf('/fits')).toBeUndefined();
  });

  it('reports a body that does not fit, even when the route writes its JSON itself', async () => {
    expect(await problemOf('/wrong-type')).toMatch(/^id: /);
  });

  it('reports fields the schema does not document', async () => {
    expect(await problemOf('/more-than-documented')).toBe('not in the documented schema: secret');
  });

  it('reports a success status the route does not document', async () => {
    expect(await problemOf('/undocumented-status')).toBe('status 201 is not documented');
  });
});
