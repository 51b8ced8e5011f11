CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failure_at_idx" ON "sign_in_failures" USING btree ("last_failure_at");--> statement-breakpoint
-- Hand-written (keep when regenerating): before this index, concurrent adds could store one address
-- twice for a user. Keep each user's oldest account of the address (its mail, contacts and style
-- stay) and delete the later copies, whose rows go with them (ON DELETE CASCADE); the later copy of
-- an imported mailbox leaves its uploaded file in DATA_DIR/imports.
DELETE FROM "email_accounts" AS "later"
USING "email_accounts" AS "earlier"
WHERE "later"."user_id" = "earlier"."user_id"
	AND lower("later"."email_address") = lower("earlier"."email_address")
	AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_user_id_email_address_key" ON "email_accounts" USING btree ("user_id",lower("email_address"));