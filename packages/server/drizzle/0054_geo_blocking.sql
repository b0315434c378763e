ALTER TABLE "business_players" ADD COLUMN "geo_blocking" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "geo_blocking" jsonb;--> statement-breakpoint
ALTER TABLE "live_inputs" ADD COLUMN "geo_blocking" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "geo_blocking" jsonb;