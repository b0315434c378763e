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
ALTER TABLE "simulcast_samples" ADD CONSTRAINT "simulcast_samples_target_id_simulcast_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."simulcast_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcast_targets" ADD CONSTRAINT "simulcast_targets_simulcast_id_simulcasts_id_fk" FOREIGN KEY ("simulcast_id") REFERENCES "public"."simulcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcast_targets" ADD CONSTRAINT "simulcast_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulcasts" ADD CONSTRAINT "simulcasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulcast_samples_target_at_idx" ON "simulcast_samples" USING btree ("target_id","at");--> statement-breakpoint
CREATE INDEX "simulcast_targets_simulcast_id_idx" ON "simulcast_targets" USING btree ("simulcast_id","id");--> statement-breakpoint
CREATE INDEX "simulcast_targets_running_idx" ON "simulcast_targets" USING btree ("running");--> statement-breakpoint
CREATE INDEX "simulcasts_account_id_idx" ON "simulcasts" USING btree ("account_id","state");