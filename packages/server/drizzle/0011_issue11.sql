CREATE TABLE "event_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_player_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_player_id" integer NOT NULL,
	"title" text NOT NULL,
	"start_seconds" double precision NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_player_chapters_start_positive" CHECK ("business_player_chapters"."start_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "business_player_clips" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"business_player_id" integer NOT NULL,
	"chapter_id" integer
);
--> statement-breakpoint
CREATE TABLE "business_player_speakers" (
	"business_player_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_player_speakers_business_player_id_speaker_id_pk" PRIMARY KEY("business_player_id","speaker_id")
);
--> statement-breakpoint
CREATE TABLE "business_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"venue" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'replay' NOT NULL,
	"video_id" integer,
	"poster" text,
	"theme_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_players_state_valid" CHECK (state in ('upcoming', 'live', 'replay'))
);
--> statement-breakpoint
CREATE TABLE "clip_graphics" (
	"video_id" integer NOT NULL,
	"graphic_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "clip_graphics_video_id_graphic_id_pk" PRIMARY KEY("video_id","graphic_id")
);
--> statement-breakpoint
CREATE TABLE "event_graphics" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"image_key" text NOT NULL,
	"position" text NOT NULL,
	"width_percent" double precision NOT NULL,
	"margin_percent" double precision NOT NULL,
	"opacity" double precision NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_graphics_kind_valid" CHECK (kind in ('scoreboard', 'lower-third', 'logo')),
	CONSTRAINT "event_graphics_position_valid" CHECK (position in ('top-left', 'top-center', 'top-right', 'middle-left', 'center', 'middle-right', 'bottom-left', 'bottom-center', 'bottom-right'))
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"event_id" integer,
	"view_id" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_reposts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"video_id" integer,
	"target" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"job_id" bigint,
	"user_id" integer,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "starts_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "challenger_appearances" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "competition_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "home_challenger_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "away_challenger_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "poster" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "theme_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_chapters" ADD CONSTRAINT "business_player_chapters_business_player_id_business_players_id_fk" FOREIGN KEY ("business_player_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_chapters" ADD CONSTRAINT "business_player_chapters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_clips" ADD CONSTRAINT "business_player_clips_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_clips" ADD CONSTRAINT "business_player_clips_business_player_id_business_players_id_fk" FOREIGN KEY ("business_player_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_clips" ADD CONSTRAINT "business_player_clips_chapter_id_business_player_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."business_player_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_speakers" ADD CONSTRAINT "business_player_speakers_business_player_id_business_players_id_fk" FOREIGN KEY ("business_player_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_player_speakers" ADD CONSTRAINT "business_player_speakers_speaker_id_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_players" ADD CONSTRAINT "business_players_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_players" ADD CONSTRAINT "business_players_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_players" ADD CONSTRAINT "business_players_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_graphics" ADD CONSTRAINT "clip_graphics_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_graphics" ADD CONSTRAINT "clip_graphics_graphic_id_event_graphics_id_fk" FOREIGN KEY ("graphic_id") REFERENCES "public"."event_graphics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_graphics" ADD CONSTRAINT "event_graphics_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_graphics" ADD CONSTRAINT "event_graphics_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attachments_event_id_idx" ON "event_attachments" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "event_attachments_account_id_idx" ON "event_attachments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "business_player_chapters_player_start_idx" ON "business_player_chapters" USING btree ("business_player_id","start_seconds","id");--> statement-breakpoint
CREATE INDEX "business_player_chapters_account_id_idx" ON "business_player_chapters" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_player_clips_player_video_idx" ON "business_player_clips" USING btree ("business_player_id","video_id");--> statement-breakpoint
CREATE INDEX "business_player_clips_chapter_id_idx" ON "business_player_clips" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "business_player_speakers_speaker_id_idx" ON "business_player_speakers" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "business_player_speakers_position_idx" ON "business_player_speakers" USING btree ("business_player_id","position");--> statement-breakpoint
CREATE INDEX "business_players_account_starts_id_idx" ON "business_players" USING btree ("account_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "business_players_video_id_idx" ON "business_players" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "business_players_theme_id_idx" ON "business_players" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "clip_graphics_graphic_id_idx" ON "clip_graphics" USING btree ("graphic_id");--> statement-breakpoint
CREATE INDEX "event_graphics_event_id_idx" ON "event_graphics" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_graphics_account_id_idx" ON "event_graphics" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plays_view_id_idx" ON "plays" USING btree ("view_id");--> statement-breakpoint
CREATE INDEX "plays_account_played_at_idx" ON "plays" USING btree ("account_id","played_at");--> statement-breakpoint
CREATE INDEX "plays_video_played_at_idx" ON "plays" USING btree ("video_id","played_at");--> statement-breakpoint
CREATE INDEX "plays_event_id_idx" ON "plays" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_reposts_event_id_idx" ON "event_reposts" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_reposts_account_id_idx" ON "event_reposts" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "challenger_appearances" ADD CONSTRAINT "challenger_appearances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_home_challenger_id_challengers_id_fk" FOREIGN KEY ("home_challenger_id") REFERENCES "public"."challengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_away_challenger_id_challengers_id_fk" FOREIGN KEY ("away_challenger_id") REFERENCES "public"."challengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenger_appearances_event_position_idx" ON "challenger_appearances" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "events_account_starts_id_idx" ON "events" USING btree ("account_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_competition_id_idx" ON "events" USING btree ("competition_id");--> statement-breakpoint
CREATE INDEX "events_season_id_idx" ON "events" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "events_round_id_idx" ON "events" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "events_home_challenger_id_idx" ON "events" USING btree ("home_challenger_id");--> statement-breakpoint
CREATE INDEX "events_away_challenger_id_idx" ON "events" USING btree ("away_challenger_id");--> statement-breakpoint
CREATE INDEX "events_theme_id_idx" ON "events" USING btree ("theme_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" is null or "events"."ends_at" > "events"."starts_at");