CREATE TABLE "live_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"input_id" integer NOT NULL,
	"state" text DEFAULT 'starting' NOT NULL,
	"position_seconds" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"restarts" integer DEFAULT 0 NOT NULL,
	"last_error" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_conversions_state_valid" CHECK (state in ('starting', 'playing', 'retrying', 'finished', 'stopped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "live_conversions" ADD CONSTRAINT "live_conversions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_conversions" ADD CONSTRAINT "live_conversions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_conversions" ADD CONSTRAINT "live_conversions_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_conversions_video_idx" ON "live_conversions" USING btree ("video_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_conversions_active_input_idx" ON "live_conversions" USING btree ("input_id") WHERE state in ('starting', 'playing', 'retrying');