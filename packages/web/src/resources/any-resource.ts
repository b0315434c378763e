import type { FieldUi, ResourceDefinition } from '@regie/contract/resources/define';
import type { FieldOverride } from './customization.ts';

/**
 * A resource declaration of any shape. `ResourceDefinition<Shape>` is invariant in its zod
 * object, so the generic screens see the schema through the few methods they call. A field's
 * `ui` may carry a web-side `custom` override (see customization.ts).
 */
export type AnyResource = Omit<ResourceDefinition, 'fields' | 'ui'> & {
  fields: FieldsSchema;
  ui: Readonly<Record<string, ScreenFieldUi>>;
};

/** The declared widget of a field, and what a screen customisation changed about it. */
export type ScreenFieldUi = FieldUi & { custom?: FieldOverride };

export interface FieldsSchema extends FieldSchema {
  shape: Readonly<Record<string, FieldSchema>>;
}

export interface FieldSchema {
  safeParse(value: unknown): ParseResult;
}

export type ParseResult =
  | { success: true; data: unknown }
  | { success: false; error: { issues: readonly SchemaIssue[] } };

/** What the screens read of a zod issue to say it in the user's language. */
export interface SchemaIssue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  input?: unknown;
  format?: string;
}

/** Every stored record has an id; the other values depend on the resource. */
export type ResourceRecord = { id: number } & Record<string, unknown>;

/**
 * The messages of a resource live under its definition's labelKey, which starts with
 * `resource.` (`resource.tags.title`, `resource.tags.field.name`, `resource.tags.tagType.player`).
 */
export type ResourceLabelKey = `resource.${string}`;

/** A field's widget: every declared field has one (contract define.ts types `ui` over the whole shape). */
export function fieldUiOf(resource: Pick<AnyResource, 'ui' | 'name'>, field: string): ScreenFieldUi {
  const ui = resource.ui[field];
  if (!ui) throw new Error(`The field ${field} of ${resource.name} has no widget in its declaration`);
  return ui;
}

/** The resource's message prefix; a declaration whose labelKey is not under `resource.` is a programming error. */
export function labelPrefixOf(resource: Pick<AnyResource, 'labelKey'>): ResourceLabelKey {
  const key = resource.labelKey;
  if (!isResourceLabelKey(key)) throw new Error(`The labelKey ${key} does not start with 'resource.'`);
  return key;
}

function isResourceLabelKey(key: string): key is ResourceLabelKey {
  return key.startsWith('resource.');
}
