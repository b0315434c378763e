CREATE TABLE "video_renditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"aspect" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"auto_path" jsonb,
	"edited_path" jsonb,
	"requested" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"hls_key" text,
	"mp4_key" text,
	"poster_key" text,
	"width" integer,
	"height" integer,
	"rendered_path" text,
	"rendered_at" timestamp with time zone,
	"failure_reason" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_renditions_state" CHECK ("video_renditions"."state" in ('queued', 'rendering', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "video_renditions" ADD CONSTRAINT "video_renditions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renditions" ADD CONSTRAINT "video_renditions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_renditions_video_aspect_idx" ON "video_renditions" USING btree ("video_id","aspect");