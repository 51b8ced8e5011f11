-- The Emails list's full-text search moves out of emails into email_search, written by the search
-- indexer (mail/search-index.ts) after the mail is stored instead of computed at insert (a generated
-- column): a download no longer waits for PostgreSQL's text parser and a GIN index, and indexing is
-- insert-only, never rewriting the emails heap. A trigger queues every stored email for the indexer.
-- Both tables get `toast_padding` so that every row is toasted and the heaps that searches count
-- stay narrow. Existing vectors are copied, so an existing installation needs no re-indexing; its
-- existing emails rows take the narrow layout on the next VACUUM FULL. See docs/decisions/012.
CREATE TABLE "email_search" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"received_date" timestamp with time zone,
	"search_text" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"toast_padding" text DEFAULT repeat(' ', 2100)
);
--> statement-breakpoint
CREATE TABLE "email_search_queue" (
	"email_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- As for emails (0004): a toasted row keeps only its short columns inline, the vector goes out of line.
ALTER TABLE "email_search" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "email_search" ALTER COLUMN "user_id" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "email_search" ALTER COLUMN "search_text" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "email_search" ADD CONSTRAINT "email_search_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "email_search" ("email_id", "user_id", "email_account_id", "received_date", "search_text", "search")
	SELECT "id", "user_id", "email_account_id", "received_date", "search_text", "search" FROM "emails";--> statement-breakpoint
CREATE INDEX "email_search_search_idx" ON "email_search" USING gin ("search");--> statement-breakpoint
DROP INDEX "emails_search_idx";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "toast_padding" text DEFAULT repeat(' ', 2100);--> statement-breakpoint
CREATE FUNCTION "queue_email_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "email_search_queue" ("email_id") SELECT "id" FROM "stored_emails" ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "emails_queue_search" AFTER INSERT ON "emails"
	REFERENCING NEW TABLE AS "stored_emails" FOR EACH STATEMENT EXECUTE FUNCTION "queue_email_search"();
