CREATE TABLE "sport_maps" (
	"sport_id" integer PRIMARY KEY NOT NULL,
	"background" text,
	"length_meters" double precision NOT NULL,
	"width_meters" double precision NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD COLUMN "account_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_maps" ADD CONSTRAINT "sport_maps_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_videos_playlist_position_idx" ON "playlist_videos" USING btree ("playlist_id","position");