-- The user's own addresses: `aliases` (kept) now holds only the addresses the user confirmed. The
-- aliases earlier syncs learned from the Sent folder stay as they are (they already counted as sent:
-- keeping them changes nothing the user sees). Proposals are found again at the next sync's end.
ALTER TABLE "email_accounts" ADD COLUMN "alias_proposals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dismissed_aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "aliases_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "aliases_recompute" jsonb;