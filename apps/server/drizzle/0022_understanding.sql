CREATE TABLE "email_understanding" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"understanding" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triage_corrections" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"kind" text NOT NULL,
	"needs_reply" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_triage" ADD COLUMN "corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_understanding" ADD CONSTRAINT "email_understanding_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_understanding" ADD CONSTRAINT "email_understanding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_understanding" ADD CONSTRAINT "email_understanding_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_corrections" ADD CONSTRAINT "triage_corrections_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_corrections" ADD CONSTRAINT "triage_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_corrections" ADD CONSTRAINT "triage_corrections_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_understanding_account_idx" ON "email_understanding" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "email_understanding_user_idx" ON "email_understanding" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "triage_corrections_account_idx" ON "triage_corrections" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "triage_corrections_user_idx" ON "triage_corrections" USING btree ("user_id");