DROP TABLE "fan_auth_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;