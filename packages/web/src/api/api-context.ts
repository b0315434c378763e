import { createContext, useContext } from 'react';
import type { ApiClient } from './client.ts';
import { api } from './http.ts';

/**
 * The API client the query hooks use: the app's signed client, or a fake one that a test
 * provides with `<ApiContext.Provider value={client}>` (no network in tests).
 */
export const ApiContext = createContext<ApiClient>(api);

export function useApi(): ApiClient {
  return useContext(ApiContext);
}
