CREATE TABLE "drafting_settings" (
	"email_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_mode" text DEFAULT 'full' NOT NULL,
	"buy_time_hours" integer DEFAULT 24 NOT NULL,
	"review_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"review_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"ignored_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"engine" text DEFAULT 'builtin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_triage" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"needs_reply" boolean NOT NULL,
	"needs_review" boolean NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"review_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triage_models" (
	"email_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"model" jsonb NOT NULL,
	"learned_from" integer DEFAULT 0 NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "drafts_email_idx";--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "confidence" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "used_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "original_body" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drafting_settings" ADD CONSTRAINT "drafting_settings_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafting_settings" ADD CONSTRAINT "drafting_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_triage" ADD CONSTRAINT "email_triage_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_triage" ADD CONSTRAINT "email_triage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_triage" ADD CONSTRAINT "email_triage_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_models" ADD CONSTRAINT "triage_models_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_models" ADD CONSTRAINT "triage_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drafting_settings_user_idx" ON "drafting_settings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_triage_account_idx" ON "email_triage" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "email_triage_user_idx" ON "email_triage" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "triage_models_user_idx" ON "triage_models" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_email_uq" ON "drafts" USING btree ("email_id");--> statement-breakpoint
-- By hand (drizzle-kit cannot express it): drafting's past-reply retrieval finds the user's reply to
-- mail without threading headers (Lotus Notes, much of Enron) as a "Re:" of the same subject; this
-- partial index on sent mail makes that a lookup. The expression is drafts/repo.ts' threadSubjectSql.
CREATE INDEX "emails_sent_thread_subject_idx" ON "emails" USING btree ("email_account_id", (regexp_replace(lower(coalesce("subject", '')), '^(\s*(re|fw|fwd|aw|sv|antw|wg|tr)\s*(\[\d+\])?\s*:\s*)+', '')), "received_date") WHERE "is_outgoing";
