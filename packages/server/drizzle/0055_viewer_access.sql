CREATE TABLE "fan_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"payment_offer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"return_url" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_players" ADD COLUMN "fans_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fans_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "fans_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_checkouts" ADD CONSTRAINT "fan_checkouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_checkouts" ADD CONSTRAINT "fan_checkouts_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_checkouts" ADD CONSTRAINT "fan_checkouts_payment_offer_id_payment_offers_id_fk" FOREIGN KEY ("payment_offer_id") REFERENCES "public"."payment_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_checkouts_fan_created_idx" ON "fan_checkouts" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_checkouts_provider_ref_unique" ON "fan_checkouts" USING btree ("provider_ref");