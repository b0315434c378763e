import { Readable } from 'node:stream';
import { errorBody } from '@regie/contract/auth';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJson } from '../resources/resources.http.ts';
import { csvResponse, fileResponse } from './media.schema.ts';
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
// A CSV export: its 200 is text/csv, its refusals the error handler's JSON.
const csv = { response: { 200: csvResponse('The rows'), 400: errorBody } };
app.get('/csv', { schema: csv }, async (_request, reply) => reply.type('text/csv; charset=utf-8').send('id\n1\n'));
app.get('/csv-as-json', { schema: csv }, async (_request, reply) => reply.type('application/json').send('[]'));
app.get('/csv-refused', { schema: csv }, async (_request, reply) =>
  reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'no' }),
);
app.get('/json-as-text', { schema: { response: documented } }, async (_request, reply) =>
  reply.type('text/plain').send('id=1'),
);
app.get('/image', { schema: { response: { 200: fileResponse('An image', ['image/*']) } } }, async (_request, reply) =>
  reply.type('image/png').send(Buffer.from([0x89, 0x50])),
);
// A stream that says its media type with `produces`: its refusals stay JSON.
const stream = { produces: ['text/event-stream'], response: { 200: z.unknown(), 404: errorBody } };
app.get('/events', { schema: stream }, async (_request, reply) => reply.type('text/event-stream').send('data: 1\n\n'));
app.get('/events-gone', { schema: stream }, async (_request, reply) =>
  reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'gone' }),
);
app.get('/untyped-stream', { schema: { response: { 200: fileResponse('A file', ['video/mp2t']) } } }, async () =>
  Readable.from([Buffer.from('ts')]),
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

  it('passes a file of a documented media type, a range such as image/* included', async () => {
    expect(await problemOf('/csv')).toBeUndefined();
    expect(await problemOf('/image')).toBeUndefined();
    expect(await problemOf('/events')).toBeUndefined();
  });

  it("passes a file route's refusal as JSON", async () => {
    expect(await problemOf('/csv-refused')).toBeUndefined();
    expect(await problemOf('/events-gone')).toBeUndefined();
  });

  it('reports a media type the route does not document for the status', async () => {
    expect(await problemOf('/csv-as-json')).toBe('content-type application/json is not documented (text/csv)');
    expect(await problemOf('/json-as-text')).toBe('content-type text/plain is not documented (application/json)');
    expect(await problemOf('/untyped-stream')).toBe('content-type none is not documented (video/mp2t)');
  });

  it('reports a success status the route does not document', async () => {
    expect(await problemOf('/undocumented-status')).toBe('status 201 is not documented');
  });
});
