CREATE TABLE "trivia_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_answered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"answering_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trivia_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"play_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_id" integer,
	"shown_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"elapsed_ms" integer,
	"correct" boolean DEFAULT false NOT NULL,
	"points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trivia_plays" ADD CONSTRAINT "trivia_plays_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_plays" ADD CONSTRAINT "trivia_plays_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_plays" ADD CONSTRAINT "trivia_plays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_responses" ADD CONSTRAINT "trivia_responses_play_id_trivia_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."trivia_plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_responses" ADD CONSTRAINT "trivia_responses_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trivia_responses" ADD CONSTRAINT "trivia_responses_answer_id_quiz_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."quiz_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trivia_plays_quiz_fan_unique" ON "trivia_plays" USING btree ("quiz_id","fan_id");--> statement-breakpoint
CREATE INDEX "trivia_plays_account_started_idx" ON "trivia_plays" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "trivia_plays_fan_idx" ON "trivia_plays" USING btree ("fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trivia_responses_play_question_unique" ON "trivia_responses" USING btree ("play_id","question_id");