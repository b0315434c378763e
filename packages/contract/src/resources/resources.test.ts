import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { RESOURCE_NODES } from '../menu.ts';
import { findRouteByPath, ROUTES } from '../routes.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_KINDS, IMAGE_TYPES, UPLOAD_RULE } from '../uploads.ts';
import { accountConfig } from './accounts.ts';
import { type FieldUi, type ResourceDefinition, SYSTEM_FIELDS } from './define.ts';
import { RESOURCE_NAMES, RESOURCE_REGISTRY, type ResourceName, resourceRoute } from './registry.ts';
import { SEASON_DATES_RULE } from './seasons.ts';

/** Every declaration, from the one list (registry.ts). */
function isDeclaration(value: unknown): value is ResourceDefinition {
  return typeof value === 'object' && value !== null && 'labelKey' in value && 'fields' in value && 'access' in value;
}

/** Every declaration, from the one list (registry.ts). */
const DECLARATIONS = (await Promise.all(RESOURCE_NAMES.map((name) => RESOURCE_REGISTRY[name].load()))).filter(
  isDeclaration,
);

describe('the resource registry', () => {
  it('lists every declaration of this folder, under its own name', async () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const listed = new Set<unknown>(DECLARATIONS);
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ new URL(file, import.meta.url).href);
      for (const [name, value] of Object.entries(module)) {
        if (isDeclaration(value)) expect(listed.has(value), `${file}: ${name} is not in registry.ts`).toBe(true);
      }
    }
    expect(DECLARATIONS.map((declaration) => declaration.name)).toEqual(RESOURCE_NAMES);
  });

  it("places every resource's route in the menu tree", () => {
    for (const name of RESOURCE_NAMES) {
      const route = resourceRoute(name);
      // Its base, or (groups: pages under /account/users/group/…; seasons: their edit page) a page under it.
      const pages = ROUTES.filter((entry) => entry.fullPath.startsWith(`${route}/`));
      if (route) expect(findRouteByPath(route) ?? pages[0], name).toBeDefined();
    }
  });
});

/** Resources whose menu page opens to fewer roles than may write them through the API, and why. */
const MENU_NARROWER_THAN_WRITE: Readonly<Record<string, string>> = {
  'clip-templates':
    "its page sits in the Clipping area and keeps that area's roles (liveclipping_write); clip_only users reach templates from the clip screens",
};

describe('one registration per resource (registry.ts)', () => {
  it("gives every declaration its registration's write rule, the same object", () => {
    for (const declaration of DECLARATIONS) {
      expect(declaration.access.write, declaration.name).toBe(
        RESOURCE_REGISTRY[declaration.name as ResourceName].write,
      );
    }
  });

  it('places every registered route in the menu from the registry only, never by hand', () => {
    for (const name of RESOURCE_NAMES) {
      const route = resourceRoute(name);
      for (const entry of ROUTES.filter((item) => item.fullPath === route)) {
        expect(RESOURCE_NODES.get(entry.node), entry.fullPath).toBe(name);
      }
    }
  });

  it("makes every resource's menu nodes from its registration: at its route, with its write roles", () => {
    const derived = ROUTES.filter((entry) => RESOURCE_NODES.has(entry.node));
    for (const name of RESOURCE_NAMES) {
      const { route, write } = RESOURCE_REGISTRY[name];
      const entries = derived.filter((entry) => RESOURCE_NODES.get(entry.node) === name);
      if (!route) {
        expect(entries, name).toEqual([]);
        continue;
      }
      expect(entries.length, name).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(entry.fullPath === route || entry.fullPath.startsWith(`${route}/`), entry.fullPath).toBe(true);
        // Whoever may write may open its pages (roles, here or inherited from the entry above).
        if (!Object.hasOwn(MENU_NARROWER_THAN_WRITE, name))
          expect(entry.rule.authorizedRoles, entry.fullPath).toEqual(
            expect.arrayContaining([...(write.authorizedRoles ?? [])]),
          );
      }
      const base = entries.find((entry) => entry.fullPath === route && entry.children.length > 0);
      if (!base) continue;
      // A list / new / edit entry: its own roles are the registration's (or, with wider list
      // roles, those of its new and edit pages), the very array the declaration reads.
      const pages = base.children.filter((child) => child.node.labelKey !== 'menu.list' && child.node.authorizedRoles);
      const holders = base.node.authorizedRoles === write.authorizedRoles ? [base] : pages;
      expect(holders.length, name).toBeGreaterThan(0);
      for (const holder of holders) {
        // An edit page opened wider than the writers (menu.ts `editRoles`: a conference's clip tab) still holds them all.
        const wider = holder.node.labelKey === 'menu.edit' && holder.node.authorizedRoles !== write.authorizedRoles;
        if (wider) {
          expect(holder.node.authorizedRoles, holder.fullPath).toEqual(
            expect.arrayContaining([...(write.authorizedRoles ?? [])]),
          );
        } else expect(holder.node.authorizedRoles, holder.fullPath).toBe(write.authorizedRoles);
      }
    }
  });
});

describe.each(
  DECLARATIONS.map((resource) => [resource.name, resource] as const),
)('the %s declaration', (_, resource) => {
  const fields = Object.keys(resource.fields.shape);
  const known = [...fields, ...SYSTEM_FIELDS];

  it('names only its own fields in columns, filters, sort, search, translations and unique sets', () => {
    expect(Object.keys(resource.ui).sort()).toEqual([...fields].sort());
    for (const list of [resource.columns, resource.filters, resource.sortable, [resource.defaultSort.field]]) {
      for (const field of list) expect(known).toContain(field);
    }
    for (const field of [...resource.search, ...(resource.translatable ?? []), ...(resource.unique ?? []).flat()]) {
      expect(fields).toContain(field);
    }
  });

  it('has a label in the catalogs for every field its form, list and filters show', () => {
    const shown = [...Object.keys(resource.ui), ...resource.columns, ...resource.filters].filter(
      (field) => !(SYSTEM_FIELDS as readonly string[]).includes(field),
    );
    const missing = [...new Set(shown)]
      .map((field) => `${resource.labelKey}.field.${field}`)
      .filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it('accepts its own defaults', () => {
    const defaults = resource.fields.partial().safeParse({});
    expect(defaults.success).toBe(true);
  });

  it("keeps a nested resource's parent field out of the form and its rules on its own fields", () => {
    const ui: Readonly<Record<string, FieldUi | undefined>> = resource.ui;
    if (resource.parent) expect(ui[resource.parent.field]?.readOnly).toBe(true);
    for (const rule of resource.rules ?? []) expect(fields).toContain(rule.field);
  });
});

describe('the season dates rule', () => {
  const holds = (values: Record<string, unknown>) => SEASON_DATES_RULE.holds(values);

  it('wants the end on or after the start, whatever the offsets', () => {
    expect(holds({ startDate: '2026-08-01T00:00:00.000Z', endDate: '2027-05-01T00:00:00.000Z' })).toBe(true);
    expect(holds({ startDate: '2026-08-01T00:00:00.000Z', endDate: '2026-08-01T00:00:00.000Z' })).toBe(true);
    expect(holds({ startDate: '2026-08-01T02:00:00.000+02:00', endDate: '2026-08-01T00:00:00.000Z' })).toBe(true);
    expect(holds({ startDate: '2026-08-01T00:00:00.000Z', endDate: '2026-07-31T23:59:59.000Z' })).toBe(false);
  });

  it('compares stored dates too, and holds while a date is missing', () => {
    expect(holds({ startDate: new Date('2026-08-01T00:00:00Z'), endDate: '2026-07-01T00:00:00.000Z' })).toBe(false);
    expect(holds({ startDate: null, endDate: '2026-07-01T00:00:00.000Z' })).toBe(true);
    expect(holds({ endDate: '2026-07-01T00:00:00.000Z' })).toBe(true);
  });
});

describe('accountConfig', () => {
  it('fills every key from an empty config, primary colour #0ACAFF', () => {
    expect(accountConfig.parse({})).toEqual({
      theme: { primaryColor: '#0ACAFF', logo: null },
      languages: { available: ['en', 'fr'], default: 'en' },
      contactEmail: null,
      timezone: 'Europe/Paris',
      sportId: null,
      auditRetentionDays: 400,
      geoBlocking: { mode: 'block', countries: [], unknownAddresses: 'allow' },
    });
  });

  it('wants the default language among the available ones', () => {
    expect(accountConfig.safeParse({ languages: { available: ['fr'], default: 'en' } }).success).toBe(false);
  });
});

describe('uploads', () => {
  it('covers the image kinds of the declarations and refuses uploads to read_only', () => {
    expect(IMAGE_KINDS).toEqual(['logo', 'skin', 'sponsor', 'picture', 'icon']);
    expect(ACCEPTED_IMAGE_TYPES).toContain('image/svg+xml');
    expect([...ACCEPTED_IMAGE_TYPES].sort()).toEqual(Object.keys(IMAGE_TYPES).sort());
    expect(UPLOAD_RULE.authorizedRoles).not.toContain('read_only');
  });
});
