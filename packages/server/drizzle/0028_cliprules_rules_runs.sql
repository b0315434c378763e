CREATE TABLE "clip_rule_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"marker_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clip_video_id" integer,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clip_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"marker_type_id" integer NOT NULL,
	"before_seconds" double precision DEFAULT 15 NOT NULL,
	"after_seconds" double precision DEFAULT 10 NOT NULL,
	"clip_template_id" integer,
	"clip_skin_id" integer,
	"publish" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_rules_seconds_range" CHECK ("clip_rules"."before_seconds" between 0 and 300 and "clip_rules"."after_seconds" between 0 and 300 and "clip_rules"."before_seconds" + "clip_rules"."after_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "clip_rule_runs" ADD CONSTRAINT "clip_rule_runs_rule_id_clip_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."clip_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rule_runs" ADD CONSTRAINT "clip_rule_runs_marker_id_markers_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."markers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rule_runs" ADD CONSTRAINT "clip_rule_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rule_runs" ADD CONSTRAINT "clip_rule_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rule_runs" ADD CONSTRAINT "clip_rule_runs_clip_video_id_videos_id_fk" FOREIGN KEY ("clip_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD CONSTRAINT "clip_rules_marker_type_id_marker_types_id_fk" FOREIGN KEY ("marker_type_id") REFERENCES "public"."marker_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD CONSTRAINT "clip_rules_clip_template_id_clip_templates_id_fk" FOREIGN KEY ("clip_template_id") REFERENCES "public"."clip_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD CONSTRAINT "clip_rules_clip_skin_id_clip_skins_id_fk" FOREIGN KEY ("clip_skin_id") REFERENCES "public"."clip_skins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_rules" ADD CONSTRAINT "clip_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clip_rule_runs_rule_marker_unique" ON "clip_rule_runs" USING btree ("rule_id","marker_id");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_rule_created_idx" ON "clip_rule_runs" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_marker_idx" ON "clip_rule_runs" USING btree ("marker_id");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_event_idx" ON "clip_rule_runs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_account_idx" ON "clip_rule_runs" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_clip_video_idx" ON "clip_rule_runs" USING btree ("clip_video_id");--> statement-breakpoint
CREATE INDEX "clip_rule_runs_waiting_idx" ON "clip_rule_runs" USING btree ("due_at") WHERE "clip_rule_runs"."state" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "clip_rules_account_name_unique" ON "clip_rules" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "clip_rules_account_name_id_idx" ON "clip_rules" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "clip_rules_marker_type_idx" ON "clip_rules" USING btree ("marker_type_id");--> statement-breakpoint
CREATE INDEX "clip_rules_clip_template_idx" ON "clip_rules" USING btree ("clip_template_id");--> statement-breakpoint
CREATE INDEX "clip_rules_clip_skin_idx" ON "clip_rules" USING btree ("clip_skin_id");