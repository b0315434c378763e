CREATE TABLE "fan_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_profile_members" (
	"profile_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_profile_members_profile_id_fan_id_pk" PRIMARY KEY("profile_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "fan_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" jsonb DEFAULT '{"tagIds":[],"activeWithinDays":null,"productIds":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"fan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "fan_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "fan_tags" (
	"fan_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "fan_tags_fan_id_tag_id_pk" PRIMARY KEY("fan_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"country" text,
	"language" text DEFAULT 'en' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fan_activities" ADD CONSTRAINT "fan_activities_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_activities" ADD CONSTRAINT "fan_activities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_activities" ADD CONSTRAINT "fan_activities_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_profile_members" ADD CONSTRAINT "fan_profile_members_profile_id_fan_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."fan_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_profile_members" ADD CONSTRAINT "fan_profile_members_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_profiles" ADD CONSTRAINT "fan_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_sessions" ADD CONSTRAINT "fan_sessions_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_sessions" ADD CONSTRAINT "fan_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tags" ADD CONSTRAINT "fan_tags_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tags" ADD CONSTRAINT "fan_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fans" ADD CONSTRAINT "fans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_activities_fan_id_idx" ON "fan_activities" USING btree ("fan_id","id");--> statement-breakpoint
CREATE INDEX "fan_activities_event_idx" ON "fan_activities" USING btree ("event_id") WHERE "fan_activities"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "fan_profile_members_fan_idx" ON "fan_profile_members" USING btree ("fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_profiles_account_name_unique" ON "fan_profiles" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "fan_sessions_fan_id_idx" ON "fan_sessions" USING btree ("fan_id","id");--> statement-breakpoint
CREATE INDEX "fan_tags_tag_idx" ON "fan_tags" USING btree ("tag_id","fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fans_account_email_unique" ON "fans" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "fans_account_id_idx" ON "fans" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "fans_account_active_idx" ON "fans" USING btree ("account_id","last_active_at");--> statement-breakpoint
CREATE INDEX "fans_account_created_idx" ON "fans" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "fan_products" ADD CONSTRAINT "fan_products_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;