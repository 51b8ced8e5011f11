CREATE TABLE "knowledge_lexemes" (
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "knowledge_lexemes_email_account_id_lexeme_pk" PRIMARY KEY("email_account_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "email_attachments" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "token_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "knowledge_lexemes" ADD CONSTRAINT "knowledge_lexemes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_lexemes" ADD CONSTRAINT "knowledge_lexemes_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;