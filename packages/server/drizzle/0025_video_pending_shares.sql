CREATE TABLE "video_pending_shares" (
	"video_id" integer NOT NULL,
	"target" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_pending_shares_video_id_target_pk" PRIMARY KEY("video_id","target")
);
--> statement-breakpoint
ALTER TABLE "video_pending_shares" ADD CONSTRAINT "video_pending_shares_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_pending_shares" ADD CONSTRAINT "video_pending_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;