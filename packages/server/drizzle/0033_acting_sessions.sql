CREATE TABLE "acting_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"reason" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_sessions" ADD CONSTRAINT "acting_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acting_sessions_open_idx" ON "acting_sessions" USING btree ("session_id") WHERE "acting_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "acting_sessions_user_id_idx" ON "acting_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "acting_sessions_account_id_idx" ON "acting_sessions" USING btree ("account_id");