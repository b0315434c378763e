-- Custom migration (drizzle-kit generate --custom), before the generated one that makes
-- events.starts_at NOT NULL and ties appearances to events: existing rows must fit.
UPDATE "events" SET "starts_at" = "created_at" WHERE "starts_at" IS NULL;--> statement-breakpoint
DELETE FROM "challenger_appearances" WHERE "event_id" NOT IN (SELECT "id" FROM "events");
