-- Trigram indexes make the fans list's search (ILIKE '%…%') an index lookup at a million fans
-- (fans.table.ts fanSearchText). PGlite loads the extension's contrib module (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
