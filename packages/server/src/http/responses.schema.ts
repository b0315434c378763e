import { errorBody } from '@regie/contract/auth';

/** Error responses a route documents in OpenAPI, all with the contract's errorBody. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof errorBody } {
  return Object.fromEntries(codes.map((code) => [code, errorBody])) as { [Code in Codes[number]]: typeof errorBody };
}

/** An OpenAPI security requirement list: any one of its entries, each entry all of its schemes. */
type Security = Record<string, string[]>[];

/** The OpenAPI security schemes' names (openapi.plugin.ts declares them). */
export const SECURITY_SCHEMES = { bearer: 'bearerAuth', accountKey: 'accountKey' } as const;

/**
 * OpenAPI security requirement of routes needing a staff bearer token: with x-account-key (an
 * admin acting for an account) or without (the user's own account).
 */
export const BEARER: Security = [
  { [SECURITY_SCHEMES.bearer]: [], [SECURITY_SCHEMES.accountKey]: [] },
  { [SECURITY_SCHEMES.bearer]: [] },
];

/** Routes needing a bearer token whose session alone names the account (a fan's). */
export const BEARER_ONLY: Security = [{ [SECURITY_SCHEMES.bearer]: [] }];

/** Routes that only name the account by its key (a fan's sign-up and sign-in). */
export const ACCOUNT_KEY: Security = [{ [SECURITY_SCHEMES.accountKey]: [] }];

/**
 * Routes anyone may call (sign-in, health, public assets) or whose URL carries its own credential
 * (an embed token, a signed link): said explicitly, so a route that forgot its security is visible.
 */
export const PUBLIC: Security = [];
