import { loadCatalog } from './i18n/catalogs.ts';

// Tests render in either language at once (createI18n is synchronous): both catalogs first.
await Promise.all([loadCatalog('en'), loadCatalog('fr')]);
