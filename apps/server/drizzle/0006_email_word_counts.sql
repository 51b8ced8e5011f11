CREATE TABLE "email_word_counts" (
	"email_account_id" uuid NOT NULL,
	"word" text NOT NULL,
	"emails" integer NOT NULL,
	CONSTRAINT "email_word_counts_email_account_id_word_pk" PRIMARY KEY("email_account_id","word")
);
--> statement-breakpoint
ALTER TABLE "email_word_counts" ADD CONSTRAINT "email_word_counts_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counts change on every index run: room on each page for the new row versions (HOT updates).
ALTER TABLE "email_word_counts" SET (fillfactor = 70);--> statement-breakpoint
-- Keeps email_word_counts exact, in the writer's own transaction, whatever adds or removes search
-- rows (the indexer, a deleted email's cascade, a deleted or reset account). Every writer locks an
-- account's total (word '', first in (account, word) order) before its words, so two writers of one
-- account queue there instead of deadlocking on words. See docs/decisions/014.
CREATE FUNCTION "count_email_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	emptied uuid[] := '{}';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "email_word_counts";
		RETURN NULL;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		-- An account losing all its indexed mail at once (deleted or reset) drops its counts in one
		-- statement instead of reading every vector it had.
		SELECT coalesce(array_agg(totals."email_account_id") FILTER (WHERE TG_OP = 'DELETE' AND totals."emails" = totals."removed"), '{}')
		INTO emptied
		FROM (
			SELECT c."email_account_id", c."emails", r."removed"
			FROM "email_word_counts" c
			JOIN (SELECT "email_account_id", count(*) AS "removed" FROM "removed_rows" GROUP BY 1) r USING ("email_account_id")
			WHERE c."word" = ''
			ORDER BY 1
			FOR UPDATE OF c
		) totals;
		DELETE FROM "email_word_counts" WHERE "email_account_id" = ANY (emptied);
		UPDATE "email_word_counts" c SET "emails" = c."emails" - d."emails"
		FROM (
			SELECT r."email_account_id", w."word", count(*)::integer AS "emails"
			FROM "removed_rows" r CROSS JOIN LATERAL unnest(array_append(tsvector_to_array(r."search"), '')) AS w("word")
			WHERE r."email_account_id" <> ALL (emptied)
			GROUP BY 1, 2
		) d
		WHERE c."email_account_id" = d."email_account_id" AND c."word" = d."word";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "email_word_counts" AS c ("email_account_id", "word", "emails")
		SELECT a."email_account_id", w."word", count(*)
		FROM "added_rows" a CROSS JOIN LATERAL unnest(array_append(tsvector_to_array(a."search"), '')) AS w("word")
		GROUP BY 1, 2
		-- Per account, its total first; the words need no order (see above).
		ORDER BY 1, w."word" <> ''
		ON CONFLICT ("email_account_id", "word") DO UPDATE SET "emails" = c."emails" + excluded."emails";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "email_search_count_added_words" AFTER INSERT ON "email_search"
	REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_email_search_words"();--> statement-breakpoint
CREATE TRIGGER "email_search_count_removed_words" AFTER DELETE ON "email_search"
	REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_email_search_words"();--> statement-breakpoint
CREATE TRIGGER "email_search_count_changed_words" AFTER UPDATE ON "email_search"
	REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_email_search_words"();--> statement-breakpoint
CREATE TRIGGER "email_search_count_truncated_words" AFTER TRUNCATE ON "email_search"
	FOR EACH STATEMENT EXECUTE FUNCTION "count_email_search_words"();--> statement-breakpoint
-- The mail indexed so far.
INSERT INTO "email_word_counts" ("email_account_id", "word", "emails")
	SELECT s."email_account_id", w."word", count(*)
	FROM "email_search" s CROSS JOIN LATERAL unnest(array_append(tsvector_to_array(s."search"), '')) AS w("word")
	GROUP BY 1, 2;
