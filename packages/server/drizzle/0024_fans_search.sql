CREATE INDEX "fans_search_trgm_idx" ON "fans" USING gin (("email" || ' ' || "nickname" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "fans" ADD CONSTRAINT "fans_country_letters" CHECK ("fans"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "fans" ADD CONSTRAINT "fans_language_letters" CHECK ("fans"."language" ~ '^[a-z]{2}$');