CREATE TABLE "social_link_requests" (
	"state" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"request_token" text,
	"redirect_uri" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"reason" jsonb,
	"external_id" text NOT NULL,
	"account_name" text NOT NULL,
	"picture_url" text,
	"target_id" text,
	"target_name" text,
	"sealed_tokens" text NOT NULL,
	"expires_at" timestamp with time zone,
	"local" boolean DEFAULT false NOT NULL,
	"disabled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_link_requests" ADD CONSTRAINT "social_link_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_link_requests" ADD CONSTRAINT "social_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_link_requests_request_token_unique" ON "social_link_requests" USING btree ("request_token");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_user_platform_unique" ON "social_links" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "social_links_account_idx" ON "social_links" USING btree ("account_id","platform");