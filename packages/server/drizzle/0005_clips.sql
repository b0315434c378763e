CREATE TABLE "clip_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"clip_skin_id" integer,
	"seconds_before" double precision DEFAULT 10 NOT NULL,
	"seconds_after" double precision DEFAULT 5 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_templates_seconds_range" CHECK ("clip_templates"."seconds_before" between 0 and 120 and "clip_templates"."seconds_after" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'replay' NOT NULL,
	"starts_at" timestamp with time zone,
	"sport_id" integer,
	"video_id" integer,
	"activated_modules" text[] DEFAULT '{}' NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_state_valid" CHECK (state in ('upcoming', 'live', 'replay'))
);
--> statement-breakpoint
CREATE TABLE "markers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"marker_type_id" integer,
	"label" text DEFAULT '' NOT NULL,
	"time_seconds" double precision NOT NULL,
	"duration_seconds" double precision,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markers_time_positive" CHECK ("markers"."time_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clip_skins" ADD COLUMN "roll_seconds" double precision DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_video_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_in_seconds" double precision;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_out_seconds" double precision;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_skin_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_template_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_marker_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_event_id" integer;--> statement-breakpoint
ALTER TABLE "clip_templates" ADD CONSTRAINT "clip_templates_clip_skin_id_clip_skins_id_fk" FOREIGN KEY ("clip_skin_id") REFERENCES "public"."clip_skins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_templates" ADD CONSTRAINT "clip_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_marker_type_id_marker_types_id_fk" FOREIGN KEY ("marker_type_id") REFERENCES "public"."marker_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clip_templates_account_name_unique" ON "clip_templates" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "clip_templates_account_name_id_idx" ON "clip_templates" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clip_templates_account_default_unique" ON "clip_templates" USING btree ("account_id") WHERE "clip_templates"."is_default";--> statement-breakpoint
CREATE INDEX "clip_templates_clip_skin_id_idx" ON "clip_templates" USING btree ("clip_skin_id");--> statement-breakpoint
CREATE INDEX "events_account_created_id_idx" ON "events" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "events_sport_id_idx" ON "events" USING btree ("sport_id");--> statement-breakpoint
CREATE INDEX "events_video_id_idx" ON "events" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "markers_event_time_id_idx" ON "markers" USING btree ("event_id","time_seconds","id");--> statement-breakpoint
CREATE INDEX "markers_account_id_idx" ON "markers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "markers_marker_type_id_idx" ON "markers" USING btree ("marker_type_id");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_source_video_id_videos_id_fk" FOREIGN KEY ("source_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clip_skin_id_clip_skins_id_fk" FOREIGN KEY ("clip_skin_id") REFERENCES "public"."clip_skins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clip_template_id_clip_templates_id_fk" FOREIGN KEY ("clip_template_id") REFERENCES "public"."clip_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clip_marker_id_markers_id_fk" FOREIGN KEY ("clip_marker_id") REFERENCES "public"."markers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clip_event_id_events_id_fk" FOREIGN KEY ("clip_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_source_video_id_idx" ON "videos" USING btree ("source_video_id");--> statement-breakpoint
CREATE INDEX "videos_clip_event_id_idx" ON "videos" USING btree ("clip_event_id");