import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The served OpenAPI document is what an integrator generates a client from: it must pass a
 * validating parser and Redocly's recommended rules, name every operation and its shared schemas,
 * and say how to authenticate.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
}
interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, Record<string, string>> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

let ctx: TestContext;
let source: string;
let document: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.request({ url: `${paths.docs}/json` });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = JSON.parse(source);
});
afterAll(() => ctx.close());

function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

describe('the OpenAPI document at /api/docs/json', () => {
  it('is valid for swagger-parser (every $ref resolves)', async () => {
    // validate() dereferences in place: a copy of its own (parsed again) keeps the document intact.
    await expect(SwaggerParser.validate(JSON.parse(source))).resolves.toBeDefined();
  });

  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors, errors.slice(0, 20).join('\n')).toEqual([]);
  });

  it('names every operation with a unique operationId made from its method and path', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(400);
    const missing = all
      .filter(({ operation }) => !operation.operationId)
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { method, path, operation } of all) {
      const id = String(operation.operationId);
      const first = seen.get(id);
      if (first) duplicates.push(`${id}: ${first} and ${method} ${path}`);
      seen.set(id, `${method} ${path}`);
    }
    expect(duplicates).toEqual([]);
    expect(document.paths['/main-api/events/{parentId}/markers']?.get?.operationId).toBe('getEventsMarkers');
    expect(document.paths['/main-api/events/{parentId}/markers/{id}']?.put?.operationId).toBe('putEventsMarkersById');
    expect(document.paths[paths.login]?.post?.operationId).toBe('postAuthLogin');
  });

  it('gives the shared schemas as named components, each used', () => {
    const schemas = document.components.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['ErrorBody', 'Message', 'MessageParam', 'Job']));
    expect(Object.keys(schemas).filter((name) => /^_*schema\d+$/.test(name))).toEqual([]);
    const text = JSON.stringify(document.paths);
    expect(text).toContain('"$ref":"#/components/schemas/ErrorBody"');
    expect(text).toContain('"$ref":"#/components/schemas/Job"');
    // Components only the operations reach: the unused input forms are dropped.
    for (const name of Object.keys(schemas)) expect(JSON.stringify(document), name).toContain(`schemas/${name}"`);
  });

  it('declares the bearer token and the x-account-key header, and where to send calls', () => {
    const schemes = Object.values(document.components.securitySchemes ?? {});
    expect(schemes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        expect.objectContaining({ type: 'apiKey', in: 'header', name: HEADER_ACCOUNT_KEY }),
      ]),
    );
    expect(document.servers?.length).toBeGreaterThan(0);
    const groups = document.paths['/users-service-api/groups']?.get?.security;
    expect(groups).toEqual([{ bearerAuth: [], accountKey: [] }, { bearerAuth: [] }]);
    expect(document.paths[paths.login]?.post?.security).toEqual([]);
    expect(document.paths['/api/fan/signin']?.post?.security).toEqual([{ accountKey: [] }]);
  });

  it('documents the file routes with a named path parameter, not *', () => {
    for (const path of ['/media/{path}', '/images/{path}']) {
      const parameters = document.paths[path]?.get?.parameters ?? [];
      expect(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual([
        'path',
      ]);
    }
    expect(Object.keys(document.paths).filter((path) => path.includes('*'))).toEqual([]);
  });
});
