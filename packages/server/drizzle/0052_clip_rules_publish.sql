ALTER TABLE "clip_rules" ADD COLUMN "publish_targets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD COLUMN "caption_template" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD COLUMN "publish_mode" text DEFAULT 'approval' NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD COLUMN "publish_author_id" integer;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "marker_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "clip_made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "clip_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD CONSTRAINT "clip_rules_publish_author_id_users_id_fk" FOREIGN KEY ("publish_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_rule_id_clip_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."clip_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_rule_video_platform_unique" ON "publications" USING btree ("rule_id","video_id","platform") WHERE "publications"."rule_id" is not null;