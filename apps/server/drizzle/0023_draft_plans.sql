ALTER TABLE "drafts" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "handling" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "no_draft_reason" text;