DROP INDEX "audit_entries_account_at_idx";--> statement-breakpoint
DROP INDEX "audit_entries_account_id_idx";--> statement-breakpoint
DROP INDEX "audit_entries_record_idx";--> statement-breakpoint
DROP INDEX "audit_entries_user_id_idx";--> statement-breakpoint
DROP INDEX "audit_entries_account_resource_idx";--> statement-breakpoint
DROP INDEX "audit_entries_account_action_idx";--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_account_id_idx" ON "audit_entries" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_record_idx" ON "audit_entries" USING btree ("account_id","resource","resource_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_user_id_idx" ON "audit_entries" USING btree ("user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_account_resource_idx" ON "audit_entries" USING btree ("account_id","resource","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_account_action_idx" ON "audit_entries" USING btree ("account_id","action","at","id");