ALTER TABLE "markers" ADD COLUMN "team_side" text;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "person_name" text;