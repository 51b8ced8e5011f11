DROP INDEX "emails_user_received_idx";--> statement-breakpoint
CREATE INDEX "emails_user_received_id_idx" ON "emails" USING btree ("user_id","received_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_user_account_received_id_idx" ON "emails" USING btree ("user_id","email_account_id","received_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);