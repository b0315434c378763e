ALTER TABLE "clip_rules" ADD COLUMN "aspects" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_templates" ADD COLUMN "aspects" text[] DEFAULT '{}' NOT NULL;