ALTER TABLE "email_accounts" ADD COLUMN "mailbox_identity" text;--> statement-breakpoint
CREATE INDEX "email_accounts_mailbox_identity_idx" ON "email_accounts" USING btree ("mailbox_identity") WHERE "email_accounts"."mailbox_identity" is not null;--> statement-breakpoint
-- Accounts connected before: IMAP (password or Microsoft's XOAUTH2) accounts logged in to their stored
-- server and login when they were added (accounts/engine/mailbox-identity.ts, the same text). Gmail
-- accounts stay without one until reconnected: their address may be the one typed when Google's
-- profile did not answer, which proves nothing. Imported files never have one.
UPDATE "email_accounts"
SET "mailbox_identity" = 'imap '
  || lower(regexp_replace(coalesce(nullif(btrim("server_url"), ''), 'outlook.office365.com'), '\.$', ''))
  || ':' || coalesce("port", 993)
  || ' ' || lower(btrim(coalesce(nullif(btrim("username"), ''), "email_address")))
WHERE "provider" IN ('exchange', 'outlook') AND "encrypted_password" IS NOT NULL AND "mailbox_identity" IS NULL;
