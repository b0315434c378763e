import { errorBody } from '@regie/contract/auth';
import {
  DATA_PROVIDER_MAPPING_UNAVAILABLE_STATUS,
  DATA_PROVIDER_MESSAGES,
  type DataProviderMappingOperation,
  dataProviderPaths,
} from '@regie/contract/data-providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { HttpError } from '../http/http.errors.ts';
import { describedJson } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';

type Method = 'POST' | 'GET' | 'PUT' | 'DELETE';

/** The generic CRUD calls of spec §7 and the operation name spec §5 gives each. */
const CALLS: readonly { method: Method; url: string; operation: DataProviderMappingOperation }[] = [
  { method: 'POST', url: dataProviderPaths.mappings, operation: 'create' },
  { method: 'GET', url: dataProviderPaths.mappings, operation: 'findAll' },
  { method: 'GET', url: dataProviderPaths.mapping(':id'), operation: 'find' },
  { method: 'PUT', url: dataProviderPaths.mapping(':id'), operation: 'update' },
  { method: 'DELETE', url: dataProviderPaths.mapping(':id'), operation: 'delete' },
];

/**
 * Spec §5: the generic calls of data-provider-mapping are unavailable and fail with 'not
 * available' (see the contract's data-providers.ts). A signed-in user is told so; nothing is read
 * or stored. Visitors get the usual 401.
 */
export const dataProviderMappingRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  for (const { method, url, operation } of CALLS) {
    app.route({
      method,
      url,
      onRequest: guards.requireAuth,
      // Always refused ('not available'): nothing is read or stored.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        tags: ['data-providers'],
        security: BEARER,
        summary: `Data-provider-mapping ${operation}: not available (spec §5)`,
        description: `Always ${DATA_PROVIDER_MAPPING_UNAVAILABLE_STATUS} to a signed-in user: nothing is read or stored.`,
        response: {
          ...errorResponses(401),
          [DATA_PROVIDER_MAPPING_UNAVAILABLE_STATUS]: describedJson(
            'Not available (spec §5): every call of data-provider-mapping answers it, with an empty Allow header',
            errorBody,
          ),
        },
      },
      handler: async () => {
        throw new HttpError(DATA_PROVIDER_MAPPING_UNAVAILABLE_STATUS, DATA_PROVIDER_MESSAGES.notAvailable(operation), {
          headers: { Allow: '' },
        });
      },
    });
  }
};
