CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"user_id" integer,
	"link_id" integer,
	"platform" text NOT NULL,
	"account_name" text NOT NULL,
	"target_name" text,
	"aspect" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"thumbnail_seconds" double precision,
	"scheduled_at" timestamp with time zone,
	"state" text NOT NULL,
	"progress" integer,
	"idempotency_key" text NOT NULL,
	"upload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_id" text,
	"url" text,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone,
	"rendered_at" timestamp with time zone,
	"upload_started_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_link_id_social_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."social_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_idempotency_key_unique" ON "publications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "publications_account_created_id_idx" ON "publications" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "publications_video_idx" ON "publications" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "publications_state_scheduled_idx" ON "publications" USING btree ("state","scheduled_at");