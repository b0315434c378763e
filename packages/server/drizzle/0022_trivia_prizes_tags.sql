CREATE TABLE "quiz_tags" (
	"quiz_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "quiz_tags_quiz_id_tag_id_pk" PRIMARY KEY("quiz_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "game_gifts" ALTER COLUMN "game_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_sponsors" ALTER COLUMN "game_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_gifts" ADD COLUMN "quiz_id" integer;--> statement-breakpoint
ALTER TABLE "game_sponsors" ADD COLUMN "quiz_id" integer;--> statement-breakpoint
ALTER TABLE "quiz_tags" ADD CONSTRAINT "quiz_tags_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_tags" ADD CONSTRAINT "quiz_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_tags_tag_id_idx" ON "quiz_tags" USING btree ("tag_id");--> statement-breakpoint
ALTER TABLE "game_gifts" ADD CONSTRAINT "game_gifts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sponsors" ADD CONSTRAINT "game_sponsors_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_gifts_quiz_idx" ON "game_gifts" USING btree ("quiz_id","rank_from");--> statement-breakpoint
CREATE INDEX "game_sponsors_quiz_idx" ON "game_sponsors" USING btree ("quiz_id","id");--> statement-breakpoint
ALTER TABLE "game_gifts" ADD CONSTRAINT "game_gifts_one_owner" CHECK (num_nonnulls("game_gifts"."game_id", "game_gifts"."quiz_id") = 1);--> statement-breakpoint
ALTER TABLE "game_sponsors" ADD CONSTRAINT "game_sponsors_one_owner" CHECK (num_nonnulls("game_sponsors"."game_id", "game_sponsors"."quiz_id") = 1);