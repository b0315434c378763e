ALTER TABLE "videos" ADD COLUMN "watermark_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "watermark_version" integer;