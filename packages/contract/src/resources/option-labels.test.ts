import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en } from '../i18n/en.ts';
import { fr } from '../i18n/fr.ts';
import { MODULE_CODES } from '../modules.ts';
import { ROLES } from '../roles.ts';
import { RESOURCE_NAMES, RESOURCE_REGISTRY } from './registry.ts';

/**
 * Issue 24: the tags list and the tag picker showed 'Missing key: resource.tags.tagType.fan'.
 * Every value a field of a declaration may hold and show (a select's options, a zod enum, an
 * array of one) has its label `<labelKey>.<field>.<value>` in English and French: generated from
 * the declarations, a new value cannot ship without its words.
 */
/** What this test reads of a declaration (define.ts ResourceDefinition). */
interface Declared {
  name: string;
  labelKey: string;
  fields: { shape: Readonly<Record<string, unknown>> };
  ui: Readonly<Record<string, { options?: readonly string[] } | undefined>>;
}

function isDeclared(value: unknown): value is Declared {
  return typeof value === 'object' && value !== null && 'labelKey' in value && 'fields' in value && 'ui' in value;
}

const LOADED: unknown[] = await Promise.all(RESOURCE_NAMES.map((name) => RESOURCE_REGISTRY[name].load()));
const DECLARATIONS = LOADED.filter(isDeclared);

/** Fields whose values the web labels with keys of their own (a customisation's `optionKey`). */
const OPTION_KEYS_ELSEWHERE: Readonly<Record<string, { prefix: string; values: readonly string[] }>> = {
  'groups.roles': { prefix: 'role.', values: ROLES },
  'accounts.modules': { prefix: 'module.', values: MODULE_CODES },
  'events.activatedModules': { prefix: 'module.', values: MODULE_CODES },
};

/** The values a zod field may hold when it is an enum (or a list of one), through defaults and nullables. */
function enumValues(schema: unknown): readonly string[] {
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodArray) return enumValues(schema.element);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return enumValues(schema.unwrap());
  }
  return [];
}

function optionKeys(resource: Declared): string[] {
  const { shape } = resource.fields;
  const { ui } = resource;
  return Object.keys(shape).flatMap((field) => {
    const elsewhere = OPTION_KEYS_ELSEWHERE[`${resource.name}.${field}`];
    if (elsewhere) return elsewhere.values.map((value) => `${elsewhere.prefix}${value}`);
    const values = new Set([...(ui[field]?.options ?? []), ...enumValues(shape[field])]);
    return [...values].map((value) => `${resource.labelKey}.${field}.${value}`);
  });
}

describe.each(
  DECLARATIONS.map((resource) => [resource.name, resource] as const),
)('the %s declaration', (_, resource) => {
  const keys = optionKeys(resource);

  it('has a label in English for every value its fields may show', () => {
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('has a label in French for every value its fields may show', () => {
    expect(keys.filter((key) => !(key in fr))).toEqual([]);
  });
});

describe('the option labels test', () => {
  it('finds the tag types among the values to label', () => {
    const tags = DECLARATIONS.find((resource) => resource.name === 'tags');
    expect(tags && optionKeys(tags)).toContain('resource.tags.tagType.fan');
  });
});
