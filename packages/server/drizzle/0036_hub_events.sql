CREATE TABLE "hub_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"envelope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hub_events_created_at_idx" ON "hub_events" USING btree ("created_at");