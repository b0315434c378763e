ALTER TABLE "videos" ADD COLUMN "clip_clean_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_clean_offset" double precision;