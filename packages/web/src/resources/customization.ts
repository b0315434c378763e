import type { UserAccess } from '@regie/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { AnyResource, ResourceRecord, ScreenFieldUi } from './any-resource.ts';
import type { FieldInputProps } from './FieldInput.tsx';
import type { ResourceRoutes, ResourceScreenProps } from './resource-screens.ts';

/**
 * What a resource's screens do beyond its declaration, for the few resources whose fields need
 * more than a declared widget (a user's language inside `meta`, an account's modules as grouped
 * switches, a tab that is not a form). The list, the form, the unsaved-changes guard, the server
 * errors and the notifications stay the generic engine's.
 *
 * Registered with the resource: `resourceScreens(base, () => import(...).then((m) => m.setup))`
 * where `setup` is `{ resource, custom }` (see resource-screens.ts).
 */
export interface FieldOverride {
  /** Draws the field in the edit form instead of its declared widget. */
  Input?: ComponentType<FieldInputProps>;
  /** Draws the field's list cell (the CSV export keeps the plain text). */
  Cell?: ComponentType<{ value: unknown; record: ResourceRecord }>;
  /** Draws the field's list filter. */
  Filter?: ComponentType<FilterInputProps>;
  /** The form value from the stored value (or the schema's default); default: the widget's own. */
  toForm?: (value: unknown) => unknown;
  /** The request body's value from the form value; default: the widget's own. */
  toBody?: (value: unknown) => unknown;
  /** The i18n key naming an option, instead of `<labelKey>.<field>.<value>` (roles, modules). */
  optionKey?: (value: string) => string;
  /** Takes the whole width of the form. */
  wide?: boolean;
  /** Left out of the screens (form, body, columns, filters) in this context. */
  hidden?: (context: CustomizationContext) => boolean;
}

export interface CustomizationContext {
  subject: UserAccess;
  /** The record on screen (edit page), null on a list or a creation page. */
  record: ResourceRecord | null;
  creating: boolean;
}

export interface FilterInputProps {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
}

/** A tab drawn by its own component rather than the form (the customer's cache tab). */
export interface TabPanelProps {
  resource: AnyResource;
  record: ResourceRecord;
  routes: ResourceRoutes;
  canWrite: boolean;
}

export interface ResourceCustomization {
  fields?: Readonly<Record<string, FieldOverride>>;
  /** By tab path segment: a panel shown instead of the form on that tab of the edit page. */
  tabPanels?: Readonly<Record<string, ComponentType<TabPanelProps>>>;
  /** Replaces the list screen; it may draw the generic ResourceList inside it. */
  ListScreen?: ComponentType<ResourceScreenProps>;
  /**
   * What a first load of the list page asks for while its code arrives (list-prefetch.ts): the
   * generic list's page when `list` (the default without a ListScreen; a ListScreen drawing
   * ResourceList says so), and `also` what the screen shows besides (the users list's groups).
   */
  listPrefetch?: { list: boolean; also?: (client: ApiClient, queries: QueryClient) => Promise<void> };
  /**
   * Drawn under the form of an existing record, on the tabs that show a form (`tab` null on a page
   * without tabs): a competition's seasons, a product's offers (see NestedResourceList).
   */
  BelowForm?: ComponentType<TabPanelProps & { tab: string | null }>;
}

/** What a screens registration loads: a bare declaration, or one with its customisation. */
export interface ResourceSetup {
  resource: AnyResource;
  custom?: ResourceCustomization;
}

export function isResourceSetup(value: AnyResource | ResourceSetup): value is ResourceSetup {
  return 'resource' in value && typeof value.resource === 'object' && value.resource !== null;
}

/** What a screens registration loaded, as a setup (a bare declaration has no customisation). */
export function asResourceSetup(value: AnyResource | ResourceSetup): ResourceSetup {
  return isResourceSetup(value) ? value : { resource: value };
}

/**
 * The declaration as the screens use it in this context: overrides merged into `ui`, hidden
 * fields taken out of the form, the columns and the filters.
 */
export function customizeResource(
  resource: AnyResource,
  custom: ResourceCustomization | undefined,
  context: CustomizationContext,
): AnyResource {
  const overrides = custom?.fields;
  if (!overrides) return resource;
  const hidden = new Set(
    Object.entries(overrides)
      .filter(([, override]) => override.hidden?.(context))
      .map(([field]) => field),
  );
  const ui: Record<string, ScreenFieldUi> = {};
  for (const [field, fieldUi] of Object.entries(resource.ui)) {
    if (hidden.has(field)) continue;
    const override = overrides[field];
    ui[field] = override ? { ...fieldUi, custom: override } : fieldUi;
  }
  return {
    ...resource,
    ui,
    columns: resource.columns.filter((field) => !hidden.has(field)),
    filters: resource.filters.filter((field) => !hidden.has(field)),
    sortable: resource.sortable.filter((field) => !hidden.has(field)),
  };
}
