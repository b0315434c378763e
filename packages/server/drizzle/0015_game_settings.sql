CREATE TABLE "game_settings" (
	"account_id" integer NOT NULL,
	"game" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_settings_account_id_game_pk" PRIMARY KEY("account_id","game"),
	CONSTRAINT "game_settings_game_valid" CHECK (game in ('trivia', 'predictor', 'motm'))
);
--> statement-breakpoint
ALTER TABLE "game_settings" ADD CONSTRAINT "game_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;