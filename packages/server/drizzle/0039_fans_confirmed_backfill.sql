-- Custom migration (drizzle-kit generate --custom), after the generated one that adds
-- fans.confirmed_at: the fans who signed up before confirmation existed are confirmed.
UPDATE "fans" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
