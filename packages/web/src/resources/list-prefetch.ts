import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { api } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import type { ListQuery, ResourceLocation } from '../api/resource-api.ts';
import { listPageOptions } from '../api/resource-queries.ts';
import { PRODUCTION_BUILD } from '../app/build-env.ts';
import { accessSubject } from '../session/access.ts';
import { sessionStore } from '../session/current-session.ts';
import type { AnyResource } from './any-resource.ts';
import { asResourceSetup, customizeResource, type ResourceSetup } from './customization.ts';
import { parseListState } from './list-state.ts';
import { listQueryOf } from './use-list-controller.ts';

/**
 * Asks for a list's page under the key its controller reads: the screen then draws its rows in its
 * first render (the query client keeps the answer fresh for its staleTime, so no second call).
 */
export function prefetchListPage(
  client: ApiClient,
  resource: ResourceLocation,
  query: ListQuery,
  queries: QueryClient = queryClient,
): Promise<void> {
  return queries.prefetchQuery(listPageOptions(client, resource, query));
}

/**
 * A list page opened first (a reload, a link, the landing page after sign-in): its page of rows,
 * and what its screen shows besides (customization `listPrefetch`), asked for as soon as the
 * declaration is in, beside the environment check and the screens' code instead of after them
 * (app/router.tsx preloadPage). The state is the URL's, as the generic list reads it
 * (ResourceList: the declaration customised for the signed-in user, no permanent filter).
 */
export async function prefetchListScreen(
  load: () => Promise<AnyResource | ResourceSetup>,
  search: string,
  client: ApiClient = api,
  queries: QueryClient = queryClient,
): Promise<void> {
  const loaded = await load();
  const { resource, custom } = asResourceSetup(loaded);
  // A screen of its own may not draw the generic list: it says what it shows.
  const plan = custom?.listPrefetch ?? { list: custom?.ListScreen === undefined };
  const asked: Promise<void>[] = [];
  if (plan.list) {
    const { user } = sessionStore.getState();
    const subject = accessSubject(user, PRODUCTION_BUILD);
    const shown = customizeResource(resource, custom, { subject, record: null, creating: false });
    const query = listQueryOf(parseListState(new URLSearchParams(search), shown));
    asked.push(prefetchListPage(client, shown, query, queries));
  }
  if (plan.also) asked.push(plan.also(client, queries));
  await Promise.all(asked);
}
