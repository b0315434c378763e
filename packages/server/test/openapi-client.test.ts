import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@regie/contract/api';
import { UPLOAD_IMAGES_PATH } from '@regie/contract/uploads';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * What an integrator does with the served OpenAPI document (issue 40, points 15 and 16): a client
 * generated with openapi-typescript, type-checked strictly without skipLibCheck, and the document
 * saying the truth about files, CSV exports, refusals, uploads and date-times.
 */

interface Media {
  schema?: { type?: string; format?: string; properties?: Record<string, { format?: string }> };
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { format?: string }> }> };
}

/** Uses of the generated types that compile only if the document says what the API does. */
const CLIENT_CODE = `
import type { components, paths } from './api';

type Tags = paths['/main-api/tags']['get']['responses'][200]['content']['application/json'];
export const tagNames = (page: Tags): string[] => page.data.map((tag) => tag.name);

type Image = paths['/images/{path}']['get']['responses'][200]['content']['image/png'];
export const imageBytes: Image = '';

type Playlist = paths['/live-media/{accountId}/{inputId}/live.m3u8']['get']['responses'][200]['content'];
export const playlist: Playlist['application/vnd.apple.mpegurl'] = '#EXTM3U';

type AuditExport = paths['/main-api/audit/export']['get']['responses'];
export const csv: AuditExport[200]['content']['text/csv'] = 'id,at';
export const refusal = (body: AuditExport[400]['content']['application/json']): string => body.message;

type ImageForm = paths['/main-api/uploads/images']['post']['requestBody']['content']['multipart/form-data'];
export const form: ImageForm = { kind: 'logo', file: '' };

type Search = paths['/main-api/challengers/search']['get']['parameters']['query'];
export const search: Search = { search: 'mi', limit: 10 };
// @ts-expect-error the text is required
export const noSearch: Search = {};

type Translations = paths['/main-api/tags/{id}/translations']['get']['responses'];
export const invalidId = (body: Translations[400]['content']['application/json']): number => body.statusCode;

type Unavailable = paths['/main-api/data-provider-mapping']['post']['responses'][405];
export const unavailable = (answer: Unavailable): string => answer.content['application/json'].error;

export const firstParam = (job: components['schemas']['Job']): components['schemas']['MessageParam'] | undefined =>
  job.lastErrorMessage?.params?.[0];
`;

let ctx: TestContext;
let source: string;
let document: OpenApiDocument;
let folder: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ url: `${paths.docs}/json` });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = JSON.parse(source);
  folder = await mkdtemp(join(tmpdir(), 'regie-openapi-client-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await ctx.close();
});

const operation = (path: string, method: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const mediaTypes = (path: string, method: string, status: number) =>
  Object.keys(operation(path, method).responses[status]?.content ?? {});

describe('a client generated from the OpenAPI document', () => {
  it('type-checks with tsc --strict, without skipLibCheck', async () => {
    const ast = await openapiTS(source, { silent: true });
    await writeFile(join(folder, 'api.d.ts'), astToString(ast));
    await writeFile(join(folder, 'client.ts'), CLIENT_CODE);
    const program = ts.createProgram([join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('the OpenAPI document', () => {
  it('gives files their media types, as bytes or text', () => {
    expect(mediaTypes('/images/{path}', 'get', 200)).toEqual(expect.arrayContaining(['image/png', 'image/svg+xml']));
    expect(operation('/images/{path}', 'get').responses[200]?.content?.['image/png']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(mediaTypes('/main-api/videos/{id}/download', 'get', 206)).toEqual(['application/octet-stream']);
    expect(mediaTypes('/live-media/{accountId}/{inputId}/dvr.m3u8', 'get', 200)).toEqual([
      'application/vnd.apple.mpegurl',
    ]);
    expect(mediaTypes('/live-media/{accountId}/{inputId}/{segment}', 'get', 200)).toEqual(['video/mp2t']);
    expect(mediaTypes('/assets/markers/{sportId}/{filename}', 'get', 200)).toEqual(['image/svg+xml']);
    expect(mediaTypes('/main-api/speakers/account/csv', 'get', 200)).toEqual(['text/csv']);
  });

  it('documents the CSV exports as text/csv and their refusals as JSON', () => {
    for (const path of ['/main-api/audit/export', '/main-api/fans/export', '/main-api/rankings/global/export']) {
      expect(mediaTypes(path, 'get', 200), path).toEqual(['text/csv']);
      expect(mediaTypes(path, 'get', 400), path).toEqual(['application/json']);
    }
    expect(mediaTypes('/main-api/admin-tools/query/export', 'post', 422)).toEqual(['application/json']);
  });

  it('declares 400 on every operation that takes parameters or a body', () => {
    expect(mediaTypes('/main-api/tags/{id}/translations', 'get', 400)).toEqual(['application/json']);
    expect(mediaTypes('/main-api/challengers/{id}/appearances', 'get', 400)).toEqual(['application/json']);
    expect(mediaTypes('/live-media/{accountId}/{inputId}/{segment}', 'get', 400)).toEqual(['application/json']);
    const missing = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.parameters?.length || operation.requestBody)
        .filter(([, operation]) => !operation.responses[400] && !operation.responses[405])
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares the bodies of uploads: multipart with a file, raw bytes, subtitle files', () => {
    const image = operation(UPLOAD_IMAGES_PATH, 'post').requestBody?.content['multipart/form-data']?.schema;
    expect(image?.properties?.file?.format).toBe('binary');
    const attachment = operation('/main-api/events/{id}/attachments', 'post').requestBody?.content;
    expect(attachment?.['multipart/form-data']?.schema?.properties?.file?.format).toBe('binary');
    const part = operation('/main-api/videos/upload/{uploadId}/parts/{partNumber}', 'put').requestBody?.content;
    expect(part?.['application/octet-stream']?.schema).toEqual({ type: 'string', format: 'binary' });
    const subtitles = operation('/main-api/videos/{id}/subtitles/{language}', 'put').requestBody?.content;
    expect(Object.keys(subtitles ?? {})).toEqual(expect.arrayContaining(['text/vtt', 'application/json']));
    const dataImport = operation('/data-providers-service-api/import', 'post').requestBody?.content;
    expect(Object.keys(dataImport ?? {})).toEqual(['application/json', 'multipart/form-data']);
  });

  it('requires the text of challengers/search, as the route does', () => {
    const search = operation('/main-api/challengers/search', 'get').parameters?.find(({ name }) => name === 'search');
    expect(search?.required).toBe(true);
  });

  it('gives date-times their format', () => {
    expect(document.components.schemas.Job?.properties?.createdAt?.format).toBe('date-time');
    expect(document.components.schemas.DataProviderSubscription?.properties?.createdAt?.format).toBe('date-time');
  });

  it('documents the 405 of the five data-provider-mapping operations', () => {
    const calls = [
      ['/main-api/data-provider-mapping', 'post'],
      ['/main-api/data-provider-mapping', 'get'],
      ['/main-api/data-provider-mapping/{id}', 'get'],
      ['/main-api/data-provider-mapping/{id}', 'put'],
      ['/main-api/data-provider-mapping/{id}', 'delete'],
    ] as const;
    for (const [path, method] of calls) expect(mediaTypes(path, method, 405)).toEqual(['application/json']);
  });
});
