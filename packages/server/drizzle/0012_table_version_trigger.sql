-- Custom migration (drizzle-kit generate --custom): the function the list cache's statement
-- triggers run (server resources/list-cache.ts). It bumps the written table's version inside the
-- writing transaction, so the new version is committed together with the data.
CREATE OR REPLACE FUNCTION regie_bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_versions (name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (name) DO UPDATE SET version = table_versions.version + 1;
  RETURN NULL;
END
$$;
