ALTER TABLE "chat_fans" ADD COLUMN "last_address" text;--> statement-breakpoint
ALTER TABLE "chat_fans" ADD COLUMN "banned_address" text;--> statement-breakpoint
CREATE INDEX "chat_fans_banned_address_idx" ON "chat_fans" USING btree ("chat_id","banned_address") WHERE "chat_fans"."banned_address" is not null;