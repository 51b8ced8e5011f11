DROP INDEX "notifications_email_pending_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("email_state") WHERE "notifications"."email_state" in ('pending', 'sending');