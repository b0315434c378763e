import { describe, expect, it } from 'vitest';
import { dropUnusedSchemas, nameOperations, nameWildcard, operationIdOf } from './openapi.document.ts';

describe('operationIdOf', () => {
  it('joins the method and the path without its gateway, naming a final parameter only', () => {
    expect(operationIdOf('GET', '/main-api/events/{id}/markers')).toBe('getEventsMarkers');
    expect(operationIdOf('put', '/users-service-api/groups/{id}')).toBe('putGroupsById');
    expect(operationIdOf('post', '/api/fan/signin')).toBe('postFanSignin');
    expect(operationIdOf('get', '/media/{path}')).toBe('getMediaByPath');
    expect(operationIdOf('delete', '/main-api/marker-types/{id}/translations/{langId}')).toBe(
      'deleteMarkerTypesTranslationsByLangId',
    );
  });
});

describe('nameOperations', () => {
  it('fills the missing operationIds and keeps a declared one', () => {
    const paths = {
      '/main-api/tags': { get: {}, post: { operationId: 'createTag' }, parameters: [] },
    };
    nameOperations(paths);
    expect(paths['/main-api/tags']).toEqual({
      get: { operationId: 'getTags' },
      post: { operationId: 'createTag' },
      parameters: [],
    });
  });
});

describe('dropUnusedSchemas', () => {
  it('keeps the components the operations reach, directly or through another', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { schema: { $ref: '#/components/schemas/Job' } } } } } },
      components: {
        schemas: {
          Job: { properties: { message: { $ref: '#/components/schemas/Message' } } },
          Message: { items: { $ref: '#/components/schemas/Message' } },
          JobInput: { type: 'object' },
        },
      },
    };
    dropUnusedSchemas(document);
    expect(Object.keys(document.components.schemas)).toEqual(['Job', 'Message']);
  });
});

describe('nameWildcard', () => {
  it("renames a wildcard route's * to path, in the url and the parameters", () => {
    const params = { type: 'object', properties: { '*': { type: 'string' } }, required: ['*'] };
    expect(nameWildcard('/media/*', params)).toEqual({
      url: '/media/:path',
      params: {
        type: 'object',
        properties: { path: { description: 'The rest of the path, slashes included', type: 'string' } },
        required: ['path'],
      },
    });
  });

  it('leaves other routes alone', () => {
    const params = { type: 'object', properties: { id: { type: 'number' } } };
    expect(nameWildcard('/main-api/tags/:id', params)).toEqual({ url: '/main-api/tags/:id', params });
  });
});
