-- Display names of the To and Cc recipients (address -> name), so contacts are named from every
-- header (issue 16). Mail stored before this keeps '{}': its recipients' names come back when the
-- mail is downloaded again (the sync stores a message once; nothing else keeps the raw headers).
ALTER TABLE "emails" ADD COLUMN "recipient_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express it): short like the other address columns, so it stays
-- in the row with them (STORAGE MAIN, see 0004_emails_narrow_heap).
ALTER TABLE "emails" ALTER COLUMN "recipient_names" SET STORAGE MAIN;
