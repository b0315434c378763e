CREATE TABLE "challenger_appearances" (
	"event_id" integer NOT NULL,
	"challenger_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenger_appearances_event_id_challenger_id_pk" PRIMARY KEY("event_id","challenger_id")
);
--> statement-breakpoint
CREATE TABLE "challengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'player' NOT NULL,
	"sport_id" integer NOT NULL,
	"picture" text,
	"jersey_number" integer,
	"nationality" text,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"picture" text,
	"email" text,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clip_skins" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"overlay_key" text,
	"overlay_position" text DEFAULT 'top-right' NOT NULL,
	"overlay_opacity" double precision DEFAULT 1 NOT NULL,
	"pre_roll_key" text,
	"post_roll_key" text,
	"active" boolean DEFAULT true NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_skins_opacity_range" CHECK ("clip_skins"."overlay_opacity" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sport_id" integer NOT NULL,
	"logo" text,
	"country" text,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"season_id" integer NOT NULL,
	"number" integer NOT NULL,
	"start_date" timestamp with time zone,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"competition_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_end_after_start" CHECK ("seasons"."end_date" >= "seasons"."start_date")
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_entries_account_question_unique" UNIQUE NULLS NOT DISTINCT("account_id","question")
);
--> statement-breakpoint
CREATE TABLE "marker_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"color" text NOT NULL,
	"icon" text,
	"sport_id" integer,
	"notification_group" text,
	"position" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_products" (
	"fan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "fan_products_fan_id_product_id_pk" PRIMARY KEY("fan_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "payment_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"billing_period" text DEFAULT 'one_time' NOT NULL,
	"stripe_price_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_offers_price_not_negative" CHECK ("payment_offers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_payment_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"payment_offer_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_videos" (
	"playlist_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "playlist_videos_playlist_id_video_id_pk" PRIMARY KEY("playlist_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"published" boolean DEFAULT false NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_marker_types" (
	"theme_id" integer NOT NULL,
	"marker_type_id" integer NOT NULL,
	CONSTRAINT "theme_marker_types_theme_id_marker_type_id_pk" PRIMARY KEY("theme_id","marker_type_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"logo" text,
	"font" text DEFAULT 'inter' NOT NULL,
	"marker_icon_style" text DEFAULT 'filled' NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenger_appearances" ADD CONSTRAINT "challenger_appearances_challenger_id_challengers_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."challengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challengers" ADD CONSTRAINT "challengers_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challengers" ADD CONSTRAINT "challengers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_items" ADD CONSTRAINT "category_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_skins" ADD CONSTRAINT "clip_skins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marker_types" ADD CONSTRAINT "marker_types_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marker_types" ADD CONSTRAINT "marker_types_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_products" ADD CONSTRAINT "fan_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_offers" ADD CONSTRAINT "payment_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payment_offers" ADD CONSTRAINT "product_payment_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payment_offers" ADD CONSTRAINT "product_payment_offers_payment_offer_id_payment_offers_id_fk" FOREIGN KEY ("payment_offer_id") REFERENCES "public"."payment_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payment_offers" ADD CONSTRAINT "product_payment_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_marker_types" ADD CONSTRAINT "theme_marker_types_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_marker_types" ADD CONSTRAINT "theme_marker_types_marker_type_id_marker_types_id_fk" FOREIGN KEY ("marker_type_id") REFERENCES "public"."marker_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenger_appearances_challenger_idx" ON "challenger_appearances" USING btree ("challenger_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "challengers_account_name_type_unique" ON "challengers" USING btree ("account_id","name","type");--> statement-breakpoint
CREATE INDEX "challengers_account_name_id_idx" ON "challengers" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "challengers_sport_id_idx" ON "challengers" USING btree ("sport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "speakers_account_name_unique" ON "speakers" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "speakers_account_name_id_idx" ON "speakers" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_account_name_unique" ON "categories" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "categories_account_position_id_idx" ON "categories" USING btree ("account_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_items_category_item_unique" ON "category_items" USING btree ("category_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "category_items_category_position_id_idx" ON "category_items" USING btree ("category_id","position","id");--> statement-breakpoint
CREATE INDEX "category_items_item_idx" ON "category_items" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_name_unique" ON "subcategories" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "subcategories_category_position_id_idx" ON "subcategories" USING btree ("category_id","position","id");--> statement-breakpoint
CREATE INDEX "subcategories_account_id_idx" ON "subcategories" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clip_skins_account_name_unique" ON "clip_skins" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "clip_skins_account_name_id_idx" ON "clip_skins" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitions_account_name_unique" ON "competitions" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "competitions_account_name_id_idx" ON "competitions" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "competitions_sport_id_idx" ON "competitions" USING btree ("sport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_season_number_unique" ON "rounds" USING btree ("season_id","number");--> statement-breakpoint
CREATE INDEX "rounds_account_id_idx" ON "rounds" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_competition_name_unique" ON "seasons" USING btree ("competition_id","name");--> statement-breakpoint
CREATE INDEX "seasons_competition_start_id_idx" ON "seasons" USING btree ("competition_id","start_date","id");--> statement-breakpoint
CREATE INDEX "seasons_account_id_idx" ON "seasons" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "faq_entries_account_position_id_idx" ON "faq_entries" USING btree ("account_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marker_types_account_name_unique" ON "marker_types" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "marker_types_account_code_unique" ON "marker_types" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "marker_types_account_position_id_idx" ON "marker_types" USING btree ("account_id","position","id");--> statement-breakpoint
CREATE INDEX "marker_types_sport_id_idx" ON "marker_types" USING btree ("sport_id");--> statement-breakpoint
CREATE INDEX "fan_products_product_purchased_idx" ON "fan_products" USING btree ("product_id","purchased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_offers_account_name_unique" ON "payment_offers" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "payment_offers_account_name_id_idx" ON "payment_offers" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_items_product_item_unique" ON "product_items" USING btree ("product_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "product_items_product_position_id_idx" ON "product_items" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE INDEX "product_items_item_idx" ON "product_items" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_payment_offers_product_offer_unique" ON "product_payment_offers" USING btree ("product_id","payment_offer_id");--> statement-breakpoint
CREATE INDEX "product_payment_offers_offer_id_idx" ON "product_payment_offers" USING btree ("payment_offer_id");--> statement-breakpoint
CREATE INDEX "product_payment_offers_account_id_idx" ON "product_payment_offers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_name_unique" ON "products" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "products_account_name_id_idx" ON "products" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "playlist_videos_video_id_idx" ON "playlist_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_account_name_unique" ON "playlists" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "playlists_account_name_id_idx" ON "playlists" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "theme_marker_types_marker_type_id_idx" ON "theme_marker_types" USING btree ("marker_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_account_name_unique" ON "themes" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "themes_account_name_id_idx" ON "themes" USING btree ("account_id","name","id");