CREATE TABLE "chat_fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"viewer_id" text NOT NULL,
	"fan_id" integer,
	"nickname" text NOT NULL,
	"last_posted_at" timestamp with time zone,
	"banned_at" timestamp with time zone,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"chat_fan_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"pinned_at" timestamp with time zone,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_state_valid" CHECK (state in ('visible', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "chat_word_filters" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"words" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"blocked_words" text[] DEFAULT '{}' NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_slow_mode_positive" CHECK ("chats"."slow_mode_seconds" >= 0)
);
--> statement-breakpoint
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
CREATE TABLE "simulcast_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"bitrate_kbps" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulcast_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"simulcast_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"stream_key" text NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"bitrate_kbps" double precision,
	"live_since" timestamp with time zone,
	"restarts" integer DEFAULT 0 NOT NULL,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulcast_targets_status_valid" CHECK (status in ('idle', 'starting', 'live', 'retrying', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "simulcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"input_id" integer,
	"provider" text DEFAULT 'local' NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"cloud_channel_id" text,
	"cloud_input_id" text,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulcasts_provider_valid" CHECK (provider in ('local', 'aws')),
	CONSTRAINT "simulcasts_state_valid" CHECK (state in ('idle', 'live'))
);
--> statement-breakpoint
ALTER TABLE "chat_fans" ADD CONSTRAINT "chat_fans_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_fans" ADD CONSTRAINT "chat_fans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_fan_id_chat_fans_id_fk" FOREIGN KEY ("chat_fan_id") REFERENCES "public"."chat_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_word_filters" ADD CONSTRAINT "chat_word_filters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_account_limits" ADD CONSTRAINT "live_account_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_inputs" ADD CONSTRAINT "live_inputs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcast_samples" ADD CONSTRAINT "simulcast_samples_target_id_simulcast_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."simulcast_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcast_targets" ADD CONSTRAINT "simulcast_targets_simulcast_id_simulcasts_id_fk" FOREIGN KEY ("simulcast_id") REFERENCES "public"."simulcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcast_targets" ADD CONSTRAINT "simulcast_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcasts" ADD CONSTRAINT "simulcasts_input_id_live_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."live_inputs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcasts" ADD CONSTRAINT "simulcasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_fans_chat_viewer_idx" ON "chat_fans" USING btree ("chat_id","viewer_id");--> statement-breakpoint
CREATE INDEX "chat_fans_account_id_idx" ON "chat_fans" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "chat_fans_fan_id_idx" ON "chat_fans" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_id_idx" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_state_id_idx" ON "chat_messages" USING btree ("chat_id","state","id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_fan_id_idx" ON "chat_messages" USING btree ("chat_fan_id");--> statement-breakpoint
CREATE INDEX "chat_messages_account_id_idx" ON "chat_messages" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_event_id_idx" ON "chats" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "chats_account_id_idx" ON "chats" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_inputs_stream_key_idx" ON "live_inputs" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_inputs_account_id_idx" ON "live_inputs" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_segments_input_sequence_idx" ON "live_segments" USING btree ("input_id","sequence");--> statement-breakpoint
CREATE INDEX "live_segments_input_started_idx" ON "live_segments" USING btree ("input_id","started_at");--> statement-breakpoint
CREATE INDEX "simulcast_samples_target_at_idx" ON "simulcast_samples" USING btree ("target_id","at");--> statement-breakpoint
CREATE INDEX "simulcast_targets_simulcast_id_idx" ON "simulcast_targets" USING btree ("simulcast_id","id");--> statement-breakpoint
CREATE INDEX "simulcast_targets_running_idx" ON "simulcast_targets" USING btree ("running");--> statement-breakpoint
CREATE INDEX "simulcasts_account_id_idx" ON "simulcasts" USING btree ("account_id","state");