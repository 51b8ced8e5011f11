CREATE TABLE "drafting_memory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"scope_value" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"replacement" text,
	"evidence" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone,
	"stale_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD COLUMN "source_email_id" uuid;--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD COLUMN "similarity" real;--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "drafting_settings" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drafting_settings" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "drafting_settings" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drafting_memory" ADD CONSTRAINT "drafting_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafting_memory" ADD CONSTRAINT "drafting_memory_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drafting_memory_key_uq" ON "drafting_memory" USING btree ("email_account_id","scope","scope_value","kind","value");--> statement-breakpoint
CREATE INDEX "drafting_memory_user_idx" ON "drafting_memory" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD CONSTRAINT "draft_feedback_source_email_id_emails_id_fk" FOREIGN KEY ("source_email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_feedback_draft_source_uq" ON "draft_feedback" USING btree ("draft_id","source_email_id");