ALTER TABLE "email_message_attachments" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;