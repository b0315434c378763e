CREATE TABLE "provider_refs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"entity" text NOT NULL,
	"provider_id" text NOT NULL,
	"record_id" integer NOT NULL,
	"digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"round_id" integer,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"home_challenger_id" integer,
	"away_challenger_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"date_only" boolean DEFAULT false NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"score" jsonb,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_fixtures_two_sides" CHECK ("season_fixtures"."home_challenger_id" is null or "season_fixtures"."home_challenger_id" is distinct from "season_fixtures"."away_challenger_id")
);
--> statement-breakpoint
ALTER TABLE "provider_refs" ADD CONSTRAINT "provider_refs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_home_challenger_id_challengers_id_fk" FOREIGN KEY ("home_challenger_id") REFERENCES "public"."challengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_away_challenger_id_challengers_id_fk" FOREIGN KEY ("away_challenger_id") REFERENCES "public"."challengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_fixtures" ADD CONSTRAINT "season_fixtures_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refs_account_provider_entity_id_unique" ON "provider_refs" USING btree ("account_id","provider","entity","provider_id");--> statement-breakpoint
CREATE INDEX "provider_refs_entity_record_idx" ON "provider_refs" USING btree ("entity","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "season_fixtures_account_provider_id_unique" ON "season_fixtures" USING btree ("account_id","provider","provider_id");--> statement-breakpoint
CREATE INDEX "season_fixtures_season_starts_id_idx" ON "season_fixtures" USING btree ("season_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "season_fixtures_round_id_idx" ON "season_fixtures" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "season_fixtures_event_id_idx" ON "season_fixtures" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "season_fixtures_home_challenger_id_idx" ON "season_fixtures" USING btree ("home_challenger_id");--> statement-breakpoint
CREATE INDEX "season_fixtures_away_challenger_id_idx" ON "season_fixtures" USING btree ("away_challenger_id");