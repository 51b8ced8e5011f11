-- Hand-written (drizzle-kit cannot express these): extensions and the immutable unaccent
-- wrapper used by contacts.search_text. Keep them before any table.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_address" text NOT NULL,
	"provider" text NOT NULL,
	"display_name" text,
	"server_url" text,
	"port" integer,
	"username" text,
	"encrypted_password" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"last_sync_error" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emails_downloaded_count" integer DEFAULT 0 NOT NULL,
	"training_emails_count" integer DEFAULT 0 NOT NULL,
	"total_emails_count_actual" integer DEFAULT 0 NOT NULL,
	"incoming_emails_count" integer DEFAULT 0 NOT NULL,
	"outgoing_emails_count" integer DEFAULT 0 NOT NULL,
	"unread_emails_count" integer DEFAULT 0 NOT NULL,
	"emails_with_attachments_count" integer DEFAULT 0 NOT NULL,
	"contacts_count" integer DEFAULT 0 NOT NULL,
	"date_range_start" timestamp with time zone,
	"date_range_end" timestamp with time zone,
	"average_emails_per_day" real DEFAULT 0 NOT NULL,
	"top_senders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"training_status" text DEFAULT 'not_started' NOT NULL,
	"training_started_at" timestamp with time zone,
	"training_completed_at" timestamp with time zone,
	"training_duration_ms" integer,
	"topic_clusters" text,
	"training_error" text,
	"training_emails_downloaded_on" timestamp with time zone,
	"number_of_emails_downloaded" integer,
	"analysis_completed_at" timestamp with time zone,
	"initialized" boolean DEFAULT false NOT NULL,
	"initialization_status" text,
	"last_init_step" text,
	"initialization_started_at" timestamp with time zone,
	"initialization_completed_at" timestamp with time zone,
	"initialization_error" text,
	"inbox_contacts_page_cap" integer,
	"inbox_contacts_max_new" integer,
	"sent_style_cap" integer,
	"max_emails_per_download" integer,
	"stop_download" boolean DEFAULT false NOT NULL,
	"emails_download_started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_statistics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"emails_received" integer DEFAULT 0 NOT NULL,
	"total_interactions" integer DEFAULT 0 NOT NULL,
	"interaction_frequency" text DEFAULT 'low' NOT NULL,
	"relationship_strength" real DEFAULT 0 NOT NULL,
	"avg_response_time_hours" real,
	"first_interaction_at" timestamp with time zone,
	"last_interaction_at" timestamp with time zone,
	"most_common_subject_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_statistics_contact_id_unique" UNIQUE("contact_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"email_address" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"display_name" text,
	"company_name" text,
	"phone_number" text,
	"job_title" text,
	"department" text,
	"domain" text,
	"is_internal" boolean DEFAULT false NOT NULL,
	"notes" text,
	"user_deleted" boolean DEFAULT false NOT NULL,
	"user_edited_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text GENERATED ALWAYS AS (public.f_unaccent(lower(coalesce("first_name", '') || chr(10) || coalesce("last_name", '') || chr(10) || coalesce("display_name", '') || chr(10) || "email_address" || chr(10) || coalesce("company_name", '')))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_interaction_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ignored_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"email_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"original_text" text NOT NULL,
	"final_text" text,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"mode" text DEFAULT 'full' NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"suggested_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"review_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"engine" text,
	"generation_ms" integer,
	"style_score" real,
	"provider_draft_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_type" text,
	"content_type" text,
	"auto_attach" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left("content", 100000))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_type" text,
	"content_type" text,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"kind" text DEFAULT 'invite' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_user_id" text,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"email_id" uuid NOT NULL,
	"filename" text,
	"content_type" text,
	"size_bytes" integer,
	"content_id" text,
	"disposition" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"message_key" text NOT NULL,
	"message_id" text,
	"thread_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider_uid" text,
	"subject" text,
	"sender_email" text,
	"sender_name" text,
	"recipient_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"received_date" timestamp with time zone,
	"folder_name" text,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"body_text" text,
	"body_html" text,
	"is_outgoing" boolean DEFAULT false NOT NULL,
	"is_training_data" boolean DEFAULT false NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"size_bytes" integer,
	"content_hash" text,
	"parse_problem" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, left(coalesce("subject", ''), 2000)), 'A') || setweight(to_tsvector('simple'::regconfig, left(coalesce("sender_name", '') || ' ' || coalesce("sender_email", ''), 2000)), 'B') || setweight(to_tsvector('simple'::regconfig, left(coalesce("body_text", ''), 100000)), 'D')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(left(coalesce("subject", ''), 2000) || chr(10) || coalesce("sender_name", '') || chr(10) || coalesce("sender_email", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"path" text NOT NULL,
	"special_use" text,
	"uidvalidity" bigint,
	"uid_next" bigint,
	"last_uid" bigint,
	"highest_modseq" text,
	"gmail_history_id" text,
	"message_count" integer,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_sync" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"last_sync_at" timestamp with time zone,
	"stage" text DEFAULT 'idle' NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_code" text,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_sync_email_account_id_unique" UNIQUE("email_account_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"forwarded_at" timestamp with time zone,
	"forward_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"how_heard" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_email_unique" UNIQUE("email"),
	CONSTRAINT "waitlist_email_normalised" CHECK ("waitlist"."email" = lower(btrim("waitlist"."email")))
);
--> statement-breakpoint
CREATE TABLE "communication_style_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"formality_level" text,
	"response_speed_preference" text,
	"signature_style" text,
	"emoji_usage_frequency" text,
	"tone_characteristics" jsonb,
	"greeting_patterns" jsonb,
	"closing_patterns" jsonb,
	"common_phrases" jsonb,
	"avoided_phrases" jsonb,
	"avg_sentence_length" real,
	"avg_paragraph_length" real,
	"avg_email_length" real,
	"punctuation_style" jsonb,
	"question_asking_style" jsonb,
	"information_sharing_style" jsonb,
	"context_styles" jsonb,
	"situational_styles" jsonb,
	"hierarchical_styles" jsonb,
	"profile" jsonb,
	"analysis_version" text DEFAULT 'v1.0' NOT NULL,
	"sample_size" integer,
	"total_emails_available" integer,
	"analysis_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_style_profiles_email_account_id_unique" UNIQUE("email_account_id")
);
--> statement-breakpoint
CREATE TABLE "training_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"total_emails" integer DEFAULT 0 NOT NULL,
	"themes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"urgency_distribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"average_sentiment" real DEFAULT 0 NOT NULL,
	"action_required_count" integer DEFAULT 0 NOT NULL,
	"questions_count" integer DEFAULT 0 NOT NULL,
	"top_entities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_analyses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_analyses_email_account_id_unique" UNIQUE("email_account_id")
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_account_id" uuid NOT NULL,
	"kind" text DEFAULT 'training' NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'downloading' NOT NULL,
	"initiated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"total_emails_downloaded" integer DEFAULT 0 NOT NULL,
	"training_duration_ms" integer,
	"error_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_statistics" ADD CONSTRAINT "contact_statistics_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_statistics" ADD CONSTRAINT "contact_statistics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_statistics" ADD CONSTRAINT "contact_statistics_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignored_senders" ADD CONSTRAINT "ignored_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignored_senders" ADD CONSTRAINT "ignored_senders_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD CONSTRAINT "draft_feedback_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD CONSTRAINT "draft_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_feedback" ADD CONSTRAINT "draft_feedback_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message_attachments" ADD CONSTRAINT "email_message_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message_attachments" ADD CONSTRAINT "email_message_attachments_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message_attachments" ADD CONSTRAINT "email_message_attachments_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_sync" ADD CONSTRAINT "mailbox_sync_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_sync" ADD CONSTRAINT "mailbox_sync_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_style_profiles" ADD CONSTRAINT "communication_style_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_style_profiles" ADD CONSTRAINT "communication_style_profiles_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_analyses" ADD CONSTRAINT "training_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_analyses" ADD CONSTRAINT "training_analyses_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_accounts_user_id_created_at_idx" ON "email_accounts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_events_user_created_idx" ON "activity_events" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_events_account_idx" ON "activity_events" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "contact_statistics_user_idx" ON "contact_statistics" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_statistics_account_interactions_idx" ON "contact_statistics" USING btree ("email_account_id","total_interactions" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_statistics_account_strength_idx" ON "contact_statistics" USING btree ("email_account_id","relationship_strength" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email_uq" ON "contacts" USING btree ("email_account_id","email_address");--> statement-breakpoint
CREATE INDEX "contacts_user_idx" ON "contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contacts_account_company_idx" ON "contacts" USING btree ("email_account_id","company_name");--> statement-breakpoint
CREATE INDEX "contacts_account_last_interaction_idx" ON "contacts" USING btree ("email_account_id","last_interaction_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ignored_senders_account_email_uq" ON "ignored_senders" USING btree ("email_account_id","email_address");--> statement-breakpoint
CREATE INDEX "ignored_senders_user_idx" ON "ignored_senders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "draft_feedback_draft_idx" ON "draft_feedback" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "draft_feedback_account_created_idx" ON "draft_feedback" USING btree ("email_account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "draft_feedback_user_idx" ON "draft_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "drafts_user_status_created_idx" ON "drafts" USING btree ("user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "drafts_account_created_idx" ON "drafts" USING btree ("email_account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "drafts_email_idx" ON "drafts" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_attachments_account_filename_uq" ON "email_attachments" USING btree ("email_account_id","filename");--> statement-breakpoint
CREATE INDEX "email_attachments_user_created_idx" ON "email_attachments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_chunks_document_chunk_uq" ON "knowledge_chunks" USING btree ("document_id","chunk_index");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_account_idx" ON "knowledge_chunks" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_user_idx" ON "knowledge_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_documents_account_filename_uq" ON "knowledge_documents" USING btree ("email_account_id","filename");--> statement-breakpoint
CREATE INDEX "knowledge_documents_user_created_idx" ON "knowledge_documents" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_message_attachments_email_idx" ON "email_message_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "email_message_attachments_account_idx" ON "email_message_attachments" USING btree ("email_account_id");--> statement-breakpoint
CREATE INDEX "email_message_attachments_user_idx" ON "email_message_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_account_message_key_uq" ON "emails" USING btree ("email_account_id","message_key");--> statement-breakpoint
CREATE INDEX "emails_user_received_idx" ON "emails" USING btree ("user_id","received_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_account_received_idx" ON "emails" USING btree ("email_account_id","received_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_account_outgoing_idx" ON "emails" USING btree ("email_account_id","is_outgoing");--> statement-breakpoint
CREATE INDEX "emails_account_message_id_idx" ON "emails" USING btree ("email_account_id","message_id");--> statement-breakpoint
CREATE INDEX "emails_account_thread_idx" ON "emails" USING btree ("email_account_id","thread_id");--> statement-breakpoint
CREATE INDEX "emails_account_provider_uid_idx" ON "emails" USING btree ("email_account_id","provider_uid");--> statement-breakpoint
CREATE INDEX "emails_search_idx" ON "emails" USING gin ("search");--> statement-breakpoint
CREATE INDEX "emails_search_text_trgm_idx" ON "emails" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folders_account_path_uq" ON "mail_folders" USING btree ("email_account_id","path");--> statement-breakpoint
CREATE INDEX "mail_folders_user_idx" ON "mail_folders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mailbox_sync_user_idx" ON "mailbox_sync" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "waitlist_created_idx" ON "waitlist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "communication_style_profiles_user_idx" ON "communication_style_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_analyses_user_idx" ON "training_analyses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_sessions_account_initiated_idx" ON "training_sessions" USING btree ("email_account_id","initiated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_sessions_user_initiated_idx" ON "training_sessions" USING btree ("user_id","initiated_at" DESC NULLS FIRST);