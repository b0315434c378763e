CREATE TABLE "data_provider_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"sport_id" integer,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_provider_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"mapping_id" integer NOT NULL,
	"url" text NOT NULL,
	"username_sealed" text,
	"password_sealed" text,
	"interval_seconds" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_status" text,
	"last_error" jsonb,
	"last_digest" text,
	"last_created" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_provider_subscriptions_interval_min" CHECK ("data_provider_subscriptions"."interval_seconds" >= 5)
);
--> statement-breakpoint
ALTER TABLE "data_provider_mappings" ADD CONSTRAINT "data_provider_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_provider_mappings" ADD CONSTRAINT "data_provider_mappings_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_provider_subscriptions" ADD CONSTRAINT "data_provider_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_provider_subscriptions" ADD CONSTRAINT "data_provider_subscriptions_mapping_id_data_provider_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."data_provider_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_provider_mappings_record_unique" ON "data_provider_mappings" USING btree ("account_id","provider","entity","record_id");--> statement-breakpoint
CREATE INDEX "data_provider_mappings_entity_record_idx" ON "data_provider_mappings" USING btree ("entity","record_id");--> statement-breakpoint
CREATE INDEX "data_provider_mappings_sport_id_idx" ON "data_provider_mappings" USING btree ("sport_id");--> statement-breakpoint
CREATE INDEX "data_provider_subscriptions_mapping_id_idx" ON "data_provider_subscriptions" USING btree ("mapping_id");--> statement-breakpoint
CREATE INDEX "data_provider_subscriptions_due_idx" ON "data_provider_subscriptions" USING btree ("next_poll_at") WHERE "data_provider_subscriptions"."active";--> statement-breakpoint
CREATE INDEX "data_provider_subscriptions_account_id_idx" ON "data_provider_subscriptions" USING btree ("account_id");