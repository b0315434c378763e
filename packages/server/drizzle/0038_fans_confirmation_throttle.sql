CREATE TABLE "fan_auth_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fans" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fans" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "fans" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fan_auth_attempts" ADD CONSTRAINT "fan_auth_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_auth_attempts_email_idx" ON "fan_auth_attempts" USING btree ("account_id","email","kind","at");--> statement-breakpoint
CREATE INDEX "fan_auth_attempts_ip_idx" ON "fan_auth_attempts" USING btree ("ip","kind","at");--> statement-breakpoint
CREATE INDEX "fan_auth_attempts_at_idx" ON "fan_auth_attempts" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "fans_confirm_token_hash_unique" ON "fans" USING btree ("confirm_token_hash");