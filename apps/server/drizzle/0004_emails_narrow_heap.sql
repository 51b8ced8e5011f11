-- A narrow emails heap, so that counting a broad search (the Emails list's exact total) visits
-- fewer pages: a row that PostgreSQL toasts (over ~2 kB; smaller rows are never toasted, whatever
-- the target) now keeps only about 128 bytes inline. The long values (body_text, body_html, the
-- `search` tsvector) move out of line; the short ones stay in the row (MAIN: compressed if need be,
-- moved out only when the row would not fit a page), so the list, its sort keys and the substring
-- test (`search_text`) never read the TOAST table. Applies to rows written from now on; an
-- existing installation's rows take the layout on the next VACUUM FULL of emails (it cannot run in
-- a migration's transaction). See docs/decisions/010.
ALTER TABLE "emails" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "user_id" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "message_key" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "message_id" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "thread_id" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "in_reply_to" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "references" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "provider_uid" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "subject" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "sender_email" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "sender_name" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "recipient_emails" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "cc_emails" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "folder_name" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "content_hash" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "parse_problem" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "headers" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "search_text" SET STORAGE MAIN;
