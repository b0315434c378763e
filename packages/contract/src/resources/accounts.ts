import { z } from 'zod';
import { AUDIT_RETENTION_DAYS, AUDIT_RETENTION_LIMITS } from '../audit.ts';
import { FIELD_MESSAGES } from '../errors.ts';
import { advertisingSettings } from '../advertising.schemas.ts';
import { geoSettings } from '../geo.schemas.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import { schemaMessage } from '../messages.ts';
import { MODULE_CODES } from '../modules.ts';
import { THEME_PRIMARY_COLOR } from '../ui.ts';
import { imageKey } from '../uploads.schemas.ts';
import { storedWatermark } from '../watermark.schemas.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const ACCOUNT_NAME_MAX = 120;

/** A colour as the theme stores it: #RRGGBB. */
export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, schemaMessage(FIELD_MESSAGES.hexColor));

/**
 * A customer's settings (the 'config' tab). Every key has a default, so `{}` is a valid config
 * and a new key never needs a migration of existing accounts.
 */
export const accountConfig = z
  .object({
    theme: z
      .object({
        /** Spec §9: the theme's primary colour. */
        primaryColor: hexColor.default(THEME_PRIMARY_COLOR),
        /** An uploaded image key (kind 'logo'), or null. */
        logo: imageKey.nullable().default(null),
      })
      .strict()
      .prefault({}),
    languages: z
      .object({
        /** The languages the account's fans and content use. */
        available: z
          .array(z.enum(LANGUAGES))
          .min(1)
          .default([...LANGUAGES]),
        default: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
      })
      .strict()
      .refine((languages) => languages.available.includes(languages.default), {
        message: schemaMessage(FIELD_MESSAGES.defaultLanguage),
        path: ['default'],
      })
      .prefault({}),
    /** Where the platform writes to the customer. */
    contactEmail: z.email().max(200).nullable().default(null),
    /** IANA time zone of the account's events, e.g. Europe/Paris. */
    timezone: z.string().min(1).max(64).default('Europe/Paris'),
    /**
     * The sport the account is about: the SportId an admin acting for it adds to every query
     * (spec §6, contract auth.ts SIMULATION_QUERY_KEYS). A sport the account sees (the platform's
     * or its own); null for an account of several sports.
     */
    sportId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    /** Days the account's audit entries are kept (issue 26): the `audit.prune` task deletes older ones. */
    auditRetentionDays: z
      .number()
      .int()
      .min(AUDIT_RETENTION_LIMITS.min)
      .max(AUDIT_RETENTION_LIMITS.max)
      .default(AUDIT_RETENTION_DAYS),
    /** GEO_BLOCKING (contract geo.ts): where the account's fans may watch; set on the settings' Playback tab. */
    geoBlocking: geoSettings.prefault({}),
    /** WATERMARK (contract watermark.ts): the logo burned into its videos, with its version; the Playback tab. */
    watermark: storedWatermark.optional(),
    /** ADVERTISING (contract advertising.ts): its VAST or VMAP tag; the Playback tab. */
    advertising: advertisingSettings.optional(),
  })
  .strict();
export type AccountConfig = z.infer<typeof accountConfig>;

/**
 * Customer accounts (menu account/customers): platform admins with access level 1 only. The
 * accountKey is made by the server and never changes.
 */
export const accountsResource = defineResource({
  name: 'accounts',
  gateway: 'users',
  labelKey: 'resource.accounts',
  fields: z.object({
    name: z.string().trim().min(1).max(ACCOUNT_NAME_MAX),
    accountKey: z.string(),
    modules: z.array(z.enum(MODULE_CODES)).default([]),
    config: accountConfig.prefault({}),
  }),
  ui: {
    name: { widget: 'text', tab: 'infos' },
    accountKey: { widget: 'text', tab: 'infos', readOnly: true },
    modules: { widget: 'multiSelect', options: MODULE_CODES, tab: 'modules' },
    config: { widget: 'json', tab: 'config' },
  },
  columns: ['name', 'accountKey', 'updatedAt'],
  filters: ['modules'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  relations: {
    Groups: { resource: 'groups', kind: 'many', foreignKey: 'AccountId' },
    Users: { resource: 'users', kind: 'many', foreignKey: 'AccountId' },
    /** Spec §3: an account's Roles, collected from its groups (`?expand=[Roles]`). */
    Roles: { resource: 'groups', kind: 'collected', via: 'Groups', field: 'roles' },
  },
  access: {
    read: { authorizedRoles: ['manage_customer_accounts'], accessLevel: 1 },
    write: registeredWriteRule('accounts'),
  },
  tenancy: 'platform',
});
