ALTER TABLE "fans" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fans" ADD COLUMN "partners_consent" boolean DEFAULT false NOT NULL;