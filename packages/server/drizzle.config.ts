import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @regie/server` writes a new migration after a table change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/*.table.ts',
  out: './drizzle',
});
