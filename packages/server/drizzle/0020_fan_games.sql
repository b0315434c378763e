CREATE TABLE "fan_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"exact_score_points" integer,
	"right_result_points" integer,
	"final_home" integer,
	"final_away" integer,
	"calculated_at" timestamp with time zone,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_games_kind_valid" CHECK (kind in ('predictor', 'motm')),
	CONSTRAINT "fan_games_predictor_points" CHECK ("fan_games"."kind" <> 'predictor' or ("fan_games"."exact_score_points" is not null and "fan_games"."right_result_points" is not null)),
	CONSTRAINT "fan_games_final_both" CHECK (("fan_games"."final_home" is null) = ("fan_games"."final_away" is null)),
	CONSTRAINT "fan_games_window_order" CHECK ("fan_games"."opens_at" is null or "fan_games"."closes_at" is null or "fan_games"."closes_at" > "fan_games"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "game_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"link" text,
	"rank_from" integer NOT NULL,
	"rank_to" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_gifts_rank_order" CHECK ("game_gifts"."rank_to" >= "game_gifts"."rank_from" and "game_gifts"."rank_from" >= 1)
);
--> statement-breakpoint
CREATE TABLE "game_sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motm_candidates" (
	"game_id" integer NOT NULL,
	"challenger_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "motm_candidates_game_id_challenger_id_pk" PRIMARY KEY("game_id","challenger_id")
);
--> statement-breakpoint
CREATE TABLE "motm_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"challenger_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"home" integer NOT NULL,
	"away" integer NOT NULL,
	"points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"predicted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_games" ADD CONSTRAINT "fan_games_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_games" ADD CONSTRAINT "fan_games_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_gifts" ADD CONSTRAINT "game_gifts_game_id_fan_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."fan_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_gifts" ADD CONSTRAINT "game_gifts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sponsors" ADD CONSTRAINT "game_sponsors_game_id_fan_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."fan_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sponsors" ADD CONSTRAINT "game_sponsors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_candidates" ADD CONSTRAINT "motm_candidates_game_id_fan_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."fan_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_candidates" ADD CONSTRAINT "motm_candidates_challenger_id_challengers_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."challengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_votes" ADD CONSTRAINT "motm_votes_game_id_fan_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."fan_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_votes" ADD CONSTRAINT "motm_votes_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_votes" ADD CONSTRAINT "motm_votes_challenger_id_challengers_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."challengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motm_votes" ADD CONSTRAINT "motm_votes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_game_id_fan_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."fan_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_games_event_kind_unique" ON "fan_games" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "fan_games_account_idx" ON "fan_games" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "game_gifts_game_idx" ON "game_gifts" USING btree ("game_id","rank_from");--> statement-breakpoint
CREATE INDEX "game_sponsors_game_idx" ON "game_sponsors" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "motm_candidates_challenger_idx" ON "motm_candidates" USING btree ("challenger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "motm_votes_game_fan_unique" ON "motm_votes" USING btree ("game_id","fan_id");--> statement-breakpoint
CREATE INDEX "motm_votes_game_challenger_idx" ON "motm_votes" USING btree ("game_id","challenger_id");--> statement-breakpoint
CREATE INDEX "motm_votes_fan_idx" ON "motm_votes" USING btree ("fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_game_fan_unique" ON "predictions" USING btree ("game_id","fan_id");--> statement-breakpoint
CREATE INDEX "predictions_game_score_idx" ON "predictions" USING btree ("game_id","home","away");--> statement-breakpoint
CREATE INDEX "predictions_fan_idx" ON "predictions" USING btree ("fan_id");