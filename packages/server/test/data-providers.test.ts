import { DATA_PROVIDER_MESSAGES, dataProviderPaths } from '@regie/contract/data-providers';
import { renderMessage } from '@regie/contract/messages.render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('admin');
});
afterAll(() => ctx.close());

const calls = [
  { method: 'POST', url: dataProviderPaths.mappings, operation: 'create', payload: { provider: 'opta' } },
  { method: 'GET', url: dataProviderPaths.mappings, operation: 'findAll' },
  { method: 'GET', url: dataProviderPaths.mapping(7), operation: 'find' },
  { method: 'PUT', url: dataProviderPaths.mapping(7), operation: 'update', payload: { provider: 'opta' } },
  { method: 'DELETE', url: dataProviderPaths.mapping(7), operation: 'delete' },
] as const;

describe('data-provider-mapping generic calls (spec §5)', () => {
  for (const call of calls) {
    it(`${call.method} ${call.url} fails with 'not available' (${call.operation})`, async () => {
      const response = await ctx.request({
        method: call.method,
        url: call.url,
        token,
        payload: 'payload' in call ? call.payload : undefined,
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('');
      expect(response.json().message).toBe(renderMessage(DATA_PROVIDER_MESSAGES.notAvailable(call.operation)));
      expect(response.json().message).toContain('not available');
    });
  }

  it('says it in French too', async () => {
    const response = await ctx.request({
      url: dataProviderPaths.mappings,
      token,
      headers: { 'accept-language': 'fr' },
    });
    expect(response.json().message).toBe('Correspondance de fournisseur de données, liste : non disponible');
  });

  it('asks a visitor to sign in first', async () => {
    expect((await ctx.request({ url: dataProviderPaths.mappings })).statusCode).toBe(401);
  });
});
