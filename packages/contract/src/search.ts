// Kept free of zod so the web app can import these values without pulling a schema library in.

/** GET /main-api/search/accounts?name=… (admins only) */
export const ACCOUNT_SEARCH_MIN_CHARS = 3;
/** At most this many accounts come back from one search. */
export const ACCOUNT_SEARCH_MAX_RESULTS = 20;
/** The platform's own accounts: never offered by the account search (spec §5). */
export const HIDDEN_ACCOUNT_NAMES = ['Regie', 'Regie Platform'] as const;
export const SEARCH_ENTITIES = ['accounts'] as const;
