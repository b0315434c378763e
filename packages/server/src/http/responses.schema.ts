import { errorBody } from '@regie/contract/auth';

/** Error responses a route documents in OpenAPI, all with the contract's errorBody. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof errorBody } {
  return Object.fromEntries(codes.map((code) => [code, errorBody])) as { [Code in Codes[number]]: typeof errorBody };
}

/** OpenAPI security requirement of routes needing a bearer token. */
export const BEARER = [{ bearerAuth: [] }];
