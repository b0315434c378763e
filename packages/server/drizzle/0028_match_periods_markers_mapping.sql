CREATE TABLE "event_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"provider" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_match_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"side" text NOT NULL,
	"provider" text NOT NULL,
	"team_name" text NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parser_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"sport_id" integer NOT NULL,
	"mode" text NOT NULL,
	"data_provider_mapping_id" integer,
	"key" text NOT NULL,
	"marker_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "periods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "period_seconds" double precision;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "provider_event_id" text;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "feed_key" text;--> statement-breakpoint
ALTER TABLE "event_feeds" ADD CONSTRAINT "event_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feeds" ADD CONSTRAINT "event_feeds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_match_stats" ADD CONSTRAINT "event_match_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_match_stats" ADD CONSTRAINT "event_match_stats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parser_mappings" ADD CONSTRAINT "parser_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parser_mappings" ADD CONSTRAINT "parser_mappings_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parser_mappings" ADD CONSTRAINT "parser_mappings_marker_type_id_marker_types_id_fk" FOREIGN KEY ("marker_type_id") REFERENCES "public"."marker_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_feeds_event_provider_unique" ON "event_feeds" USING btree ("event_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "event_match_stats_event_side_unique" ON "event_match_stats" USING btree ("event_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "parser_mappings_account_unique" ON "parser_mappings" USING btree ("account_id","provider","sport_id","mode","key") WHERE "parser_mappings"."data_provider_mapping_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parser_mappings_mapping_unique" ON "parser_mappings" USING btree ("account_id","provider","sport_id","mode","data_provider_mapping_id","key") WHERE "parser_mappings"."data_provider_mapping_id" is not null;--> statement-breakpoint
CREATE INDEX "parser_mappings_marker_type_id_idx" ON "parser_mappings" USING btree ("marker_type_id");--> statement-breakpoint
CREATE INDEX "parser_mappings_sport_id_idx" ON "parser_mappings" USING btree ("sport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "markers_event_provider_event_unique" ON "markers" USING btree ("event_id","provider","provider_event_id") WHERE "markers"."provider" is not null;