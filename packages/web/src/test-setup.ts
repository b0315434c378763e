import { configure } from '@testing-library/react';
import { loadCatalog } from './i18n/catalogs.ts';

// Tests render in either language at once (createI18n is synchronous): both catalogs first.
await Promise.all([loadCatalog('en'), loadCatalog('fr')]);

// Screens are lazy chunks: on a busy 2-core machine their first transform can outlast the
// default second of findBy/waitFor. A wait is not what these tests assert.
configure({ asyncUtilTimeout: 5_000 });
