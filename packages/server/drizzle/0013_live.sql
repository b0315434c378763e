CREATE TABLE "live_account_limits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"simultaneous_live_inputs" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_inputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"stream_key" text NOT NULL,
	"latency_mode" text DEFAULT '2s' NOT NULL,
	"equirectangular" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"state_reason" jsonb,
	"last_live_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_inputs_latency_mode_valid" CHECK (latency_mode in ('1s', '2s')),
	CONSTRAINT "live_inputs_state_valid" CHECK (state in ('idle', 'live', 'error'))
);
--> statement-breakpoint
CREATE TABLE "live_segments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"input_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"duration" double precision NOT NULL,
	"path" text NOT NULL,
	"bytes" integer NOT NULL,
	"discontinuity" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_account_limits" ADD CONSTRAINT "live_account_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_inputs" ADD CONSTRAINT "live_inputs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_inputs_stream_key_idx" ON "live_inputs" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_inputs_account_id_idx" ON "live_inputs" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_segments_input_sequence_idx" ON "live_segments" USING btree ("input_id","sequence");--> statement-breakpoint
CREATE INDEX "live_segments_input_started_idx" ON "live_segments" USING btree ("input_id","started_at");