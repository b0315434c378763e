CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"acting_admin_id" integer,
	"by_platform_admin" boolean DEFAULT false NOT NULL,
	"account_id" integer,
	"resource" text NOT NULL,
	"resource_id" bigint,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "audit_entries_account_id_idx" ON "audit_entries" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_record_idx" ON "audit_entries" USING btree ("account_id","resource","resource_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_user_id_idx" ON "audit_entries" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_account_resource_idx" ON "audit_entries" USING btree ("account_id","resource","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_account_action_idx" ON "audit_entries" USING btree ("account_id","action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_account_at_idx" ON "audit_entries" USING btree ("account_id","at");