import { z } from 'zod';
import {
  GEO_COUNTRIES_MAX,
  GEO_MESSAGES,
  GEO_MODES,
  GEO_SETTINGS_DEFAULT,
  GEO_UNKNOWN_ADDRESSES,
  isCountryCode,
} from './geo.ts';
import { refineMessage, schemaMessage } from './messages.ts';

/** A country as a rule lists it: its ISO 3166-1 alpha-2 code, upper-cased as sent in any case. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .check((context) => {
    if (!isCountryCode(context.value)) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        ...refineMessage(GEO_MESSAGES.countryUnknown(context.value.slice(0, 8))),
      });
    }
  });

const ruleShape = {
  mode: z.enum(GEO_MODES),
  /** Listed once each, in the order given. */
  countries: z
    .array(countryCode)
    .max(GEO_COUNTRIES_MAX)
    .overwrite((codes) => [...new Set(codes)]),
};

/** "Allow only" with no country would refuse everyone: said, not stored. */
const allowNeedsCountry = (rule: { mode: string; countries: readonly string[] }) =>
  rule.mode === 'block' || rule.countries.length > 0;
const allowNeedsCountryIssue = { message: schemaMessage(GEO_MESSAGES.allowNeedsCountry), path: ['countries'] };

/** A rule an event, conference, video or live input puts in place of the account's (null: the account's). */
export const geoRule = z.object(ruleShape).strict().refine(allowNeedsCountry, allowNeedsCountryIssue);

/** A rule as the API gives it back. */
export const geoRuleResponse = z.object({ mode: z.enum(GEO_MODES), countries: z.array(z.string()) });

/** The account's geo blocking (its config's `geoBlocking`; the settings' Playback tab). */
export const geoSettings = z
  .object({
    mode: ruleShape.mode.default(GEO_SETTINGS_DEFAULT.mode),
    countries: ruleShape.countries.default([]),
    /** Loopback and private networks (a stadium's own network, a developer's machine). */
    unknownAddresses: z.enum(GEO_UNKNOWN_ADDRESSES).default(GEO_SETTINGS_DEFAULT.unknownAddresses),
  })
  .strict()
  .refine(allowNeedsCountry, allowNeedsCountryIssue);
