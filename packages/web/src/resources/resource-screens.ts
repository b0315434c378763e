/**
 * Generic screens of a declared resource (contract `resources/<name>.ts`).
 *
 * A resource of the contract's list (contract resources/registry.ts) with a `route` gets its list,
 * new and edit screens without any line here: web app/screens.ts derives them from that list.
 * Its texts come from its labelKey in contract i18n en.ts / fr.ts: `<labelKey>.title`,
 * `<labelKey>.field.<field>` for every field, `<labelKey>.<field>.<value>` for every select
 * option, optionally `<labelKey>.new` and `<labelKey>.empty`. The declaration is imported lazily:
 * its zod schema loads with the screens, not with the app.
 *
 * When a field needs more than its declared widget or a tab is not a form, app/screens.ts's
 * RESOURCE_SCREENS loads `{ resource, custom }` instead of the bare declaration (customization.ts;
 * e.g. features/users/users-setup.ts). A resource whose pages are not the list / new / edit trio
 * under its route passes its routes there too.
 *
 * The screens: ResourceList (server-side paging, sort, filters, search, columns, bulk delete, CSV
 * export, all in the URL) and ResourceEdit (fields from `ui` + the zod schema, tabs from the menu
 * tree, server errors on their fields, unsaved-changes guard, translations).
 */
import type { RouteEntry } from '@regie/contract/menu';
import { fillPath, findRouteByPath } from '@regie/contract/routes';
import { type ComponentType, createElement } from 'react';
import { type LazyScreen, lazyScreen } from '../app/lazy-screen.ts';
import type { AnyResource } from './any-resource.ts';
import { asResourceSetup, type ResourceCustomization, type ResourceSetup } from './customization.ts';
import { prefetchListScreen } from './list-prefetch.ts';

/** Where a resource's screens sit in the route tree. */
export interface ResourceRoutes {
  base: string;
  list: string;
  /** The creation page ('new' or 'create'), if the tree has one. */
  create: string | null;
  /** The edit page's pattern (`/account/tags/edit/:id`), if the tree has one. */
  edit: string | null;
  /** The edit page's parameter holding the record id (`id`, `accountId`, …). */
  idParam: string | null;
  /**
   * A nested resource's pages (a season's, under its competition): the parameter holding the
   * parent record's id, read by its calls. The list page's pattern is then the parent's page,
   * filled with the page's parameters.
   */
  parentParam?: string;
}

/** Where the list (or, for a nested resource, its parent's page) is, from the page's parameters. */
export function listHref(routes: ResourceRoutes, params: Readonly<Record<string, string>>): string {
  return fillPath(routes.list, params);
}

function child(base: RouteEntry, test: (entry: RouteEntry) => boolean): RouteEntry | undefined {
  return base.children.find(test);
}

/**
 * Reads the list / new / edit entries under `base` from the contract's route tree; `given`
 * routes (a resource whose pages sit elsewhere, like groups under users) are taken as they are.
 */
export function resourceRoutes(base: string, given?: Omit<ResourceRoutes, 'base'>): ResourceRoutes {
  if (given) {
    for (const path of [given.list, given.create, given.edit]) {
      if (path && !findRouteByPath(path))
        throw new Error(`Route configuration error: no route ${path} in the menu tree`);
    }
    return { base, ...given };
  }
  const entry = findRouteByPath(base);
  if (!entry) throw new Error(`Route configuration error: no route ${base} in the menu tree`);
  const list = child(entry, (item) => item.node.path === 'list');
  const create = child(entry, (item) => item.node.labelKey === 'menu.new');
  const edit = child(entry, (item) => item.node.labelKey === 'menu.edit');
  const idParam =
    edit?.node.path
      .split('/')
      .find((segment) => segment.startsWith(':'))
      ?.slice(1) ?? null;
  return {
    base,
    list: list?.fullPath ?? base,
    create: create?.fullPath ?? null,
    edit: edit?.fullPath ?? null,
    idParam,
  };
}

export interface ResourceScreenProps {
  resource: AnyResource;
  routes: ResourceRoutes;
  custom?: ResourceCustomization | undefined;
}

/** Loads a declaration, or a declaration with its customisation. */
export type ResourceScreenLoader = () => Promise<AnyResource | ResourceSetup>;

function screen(
  loadScreen: (custom: ResourceCustomization | undefined) => Promise<ComponentType<ResourceScreenProps>>,
  load: ResourceScreenLoader,
  routes: ResourceRoutes,
): LazyScreen {
  return lazyScreen(
    async () => {
      const loaded = await load();
      const { resource, custom } = asResourceSetup(loaded);
      return { Screen: await loadScreen(custom), resource, custom };
    },
    // The component is made once, when the lazy screen loads, not on each render.
    ({ Screen, resource, custom }) =>
      function ResourceScreen() {
        return createElement(Screen, { resource, routes, custom });
      },
  );
}

export interface ResourceScreensOptions {
  /** Where the pages are, when they are not the list / new / edit trio under `base`. */
  routes?: Omit<ResourceRoutes, 'base'>;
  /** False when another registration draws the list page (groups are listed on the users list). */
  list?: boolean;
}

/**
 * The screens registry entries of a resource: its list, and its new and edit pages when the
 * menu tree has them (a tab container also serves its tabs).
 */
export function resourceScreens(
  base: string,
  load: ResourceScreenLoader,
  options: ResourceScreensOptions = {},
): Record<string, LazyScreen> {
  const routes = resourceRoutes(base, options.routes);
  const list = async (custom: ResourceCustomization | undefined) =>
    custom?.ListScreen ?? (await import('./ResourceList.tsx')).ResourceList;
  const edit = () => import('./ResourceEdit.tsx').then((m) => m.ResourceEdit);
  const screens: Record<string, LazyScreen> = {};
  if (options.list !== false) {
    screens[routes.list] = Object.assign(screen(list, load, routes), {
      prefetch: (search: string) => {
        // A failure is the list's own render's to show (it asks again).
        prefetchListScreen(load, search).catch(() => undefined);
      },
    });
  }
  if (routes.create) screens[routes.create] = screen(edit, load, routes);
  if (routes.edit) screens[routes.edit] = screen(edit, load, routes);
  return screens;
}
