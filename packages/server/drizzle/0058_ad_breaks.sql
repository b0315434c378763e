CREATE TABLE "ad_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ad_tag_url" text;--> statement-breakpoint
ALTER TABLE "ad_breaks" ADD CONSTRAINT "ad_breaks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_breaks" ADD CONSTRAINT "ad_breaks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_breaks" ADD CONSTRAINT "ad_breaks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_breaks_event_starts_idx" ON "ad_breaks" USING btree ("event_id","starts_at");