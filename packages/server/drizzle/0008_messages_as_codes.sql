-- Reasons become Messages of the contract's catalogs ({"code", "params"}): a reason stored as
-- English text keeps its words as the parameter of JOB_MESSAGES.failed (rendered as the text itself).
ALTER TABLE "jobs" ALTER COLUMN "last_error" SET DATA TYPE jsonb USING CASE WHEN "last_error" IS NULL THEN NULL ELSE jsonb_build_object('code', 'JOB_MESSAGES.failed', 'params', jsonb_build_array("last_error")) END;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "failure_reason" SET DATA TYPE jsonb USING CASE WHEN "failure_reason" IS NULL THEN NULL ELSE jsonb_build_object('code', 'JOB_MESSAGES.failed', 'params', jsonb_build_array("failure_reason")) END;
