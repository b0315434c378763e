CREATE TABLE "content_lives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_lives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer,
	"conference_id" integer,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"replay_video_id" integer,
	CONSTRAINT "content_lives_one_content" CHECK (("content_lives"."event_id" is null) <> ("content_lives"."conference_id" is null))
);
--> statement-breakpoint
ALTER TABLE "content_lives" ADD CONSTRAINT "content_lives_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_lives" ADD CONSTRAINT "content_lives_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_lives" ADD CONSTRAINT "content_lives_conference_id_business_players_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_lives" ADD CONSTRAINT "content_lives_replay_video_id_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_lives_open_event_idx" ON "content_lives" USING btree ("event_id") WHERE "content_lives"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_lives_open_conference_idx" ON "content_lives" USING btree ("conference_id") WHERE "content_lives"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "content_lives_event_started_idx" ON "content_lives" USING btree ("event_id","started_at");--> statement-breakpoint
CREATE INDEX "content_lives_conference_started_idx" ON "content_lives" USING btree ("conference_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_lives_replay_video_idx" ON "content_lives" USING btree ("replay_video_id");