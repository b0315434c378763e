CREATE TABLE "content_cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer,
	"conference_id" integer,
	"input_id" integer NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_cameras_one_content" CHECK (("content_cameras"."event_id" is null) <> ("content_cameras"."conference_id" is null))
);
--> statement-breakpoint
CREATE TABLE "program_switches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_switches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer,
	"conference_id" integer,
	"camera_id" integer,
	"input_id" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	CONSTRAINT "program_switches_one_content" CHECK (("program_switches"."event_id" is null) <> ("program_switches"."conference_id" is null))
);
--> statement-breakpoint
ALTER TABLE "content_cameras" ADD CONSTRAINT "content_cameras_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_cameras" ADD CONSTRAINT "content_cameras_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_cameras" ADD CONSTRAINT "content_cameras_conference_id_business_players_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_cameras" ADD CONSTRAINT "content_cameras_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_conference_id_business_players_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."business_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_camera_id_content_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."content_cameras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_switches" ADD CONSTRAINT "program_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_cameras_event_input_idx" ON "content_cameras" USING btree ("event_id","input_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_cameras_conference_input_idx" ON "content_cameras" USING btree ("conference_id","input_id");--> statement-breakpoint
CREATE INDEX "content_cameras_input_idx" ON "content_cameras" USING btree ("input_id");--> statement-breakpoint
CREATE INDEX "program_switches_event_at_idx" ON "program_switches" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "program_switches_conference_at_idx" ON "program_switches" USING btree ("conference_id","at");