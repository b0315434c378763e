ALTER TABLE "event_reposts" DROP CONSTRAINT "event_reposts_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "event_reposts" ADD COLUMN "publication_id" integer;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD COLUMN "reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_reposts" ADD CONSTRAINT "event_reposts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_reposts_publication_id_idx" ON "event_reposts" USING btree ("publication_id");--> statement-breakpoint
-- Reposts made before publications: a target that was not configured or not linked is refused, with its reason.
UPDATE "event_reposts" SET
  "reasons" = jsonb_build_array(jsonb_build_object(
    'code', CASE "outcome" WHEN 'not-linked' THEN 'PUBLICATION_MESSAGES.notLinked' ELSE 'SOCIAL_MESSAGES.notConfigured' END,
    'params', jsonb_build_array(CASE "target" WHEN 'youtube' THEN 'YouTube' WHEN 'facebook' THEN 'Facebook' WHEN 'twitter' THEN 'X' ELSE 'Dailymotion' END)
  )),
  "outcome" = 'refused'
WHERE "outcome" IN ('not-configured', 'not-linked');--> statement-breakpoint
ALTER TABLE "event_reposts" DROP COLUMN "job_id";