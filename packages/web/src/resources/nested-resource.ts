import type { AnyResource } from './any-resource.ts';

/**
 * A child resource as NestedResourceList shows it under one parent record: the field holding the
 * parent's id leaves the columns and the form, and the form's checks see it set to the parent.
 * `nested`: the child lives under its parent's path (seasons under competitions/{id}); otherwise
 * it is a flat resource narrowed by that field (subcategories?categoryId=).
 */
export interface ChildResource {
  resource: AnyResource;
  parentField: string;
  nested: boolean;
}

export function childResource(resource: AnyResource, parentId: number, parentField?: string): ChildResource {
  const field = parentField ?? resource.parent?.field;
  if (!field) throw new Error(`Resource ${resource.name}: name the field holding the parent's id`);
  const nested = resource.parent?.field === field;
  const { [field]: _parentUi, ...ui } = resource.ui;
  const { [field]: _parentSchema, ...shape } = resource.fields.shape;
  const withParent = (value: unknown) =>
    typeof value === 'object' && value !== null ? { ...value, [field]: parentId } : value;
  return {
    parentField: field,
    nested,
    resource: {
      ...resource,
      ui,
      columns: resource.columns.filter((column) => column !== field),
      filters: resource.filters.filter((filter) => filter !== field),
      fields: { shape, safeParse: (value) => resource.fields.safeParse(withParent(value)) },
    },
  };
}
