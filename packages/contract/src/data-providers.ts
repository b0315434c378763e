import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';

/**
 * Data-provider mappings (spec §3 resources, §5, §7). Spec §5: their generic create, find,
 * findAll, update and delete are unavailable and fail with 'not available'. The calls exist so
 * the answer says so (405 Method Not Allowed, `Allow:` empty: the collection and its items accept
 * none of the generic methods), rather than a 404 that looks like a wrong address; nothing is
 * stored. The subscriptions of a mapping (spec §7) come with the data-import issue.
 */
export const DATA_PROVIDER_MAPPING_OPERATIONS = ['create', 'find', 'findAll', 'update', 'delete'] as const;
export type DataProviderMappingOperation = (typeof DATA_PROVIDER_MAPPING_OPERATIONS)[number];

/** The status of the refused generic calls. */
export const DATA_PROVIDER_MAPPING_UNAVAILABLE_STATUS = 405;

export const DATA_PROVIDER_MESSAGES = messageCatalog('DATA_PROVIDER_MESSAGES', {
  notAvailable: (operation: DataProviderMappingOperation) => `Data provider mapping ${operation}: not available`,
});

export const dataProviderPaths = {
  mappings: `${MAIN_API}/data-provider-mapping`,
  mapping: (id: number | string) => `${MAIN_API}/data-provider-mapping/${id}`,
} as const;
