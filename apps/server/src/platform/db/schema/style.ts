import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';

// The writing-style profile of one account (spec "Style profile"). The spec's fields are columns
// so the report reads them directly; `profile` keeps the engine's full output (with the evidence
// counts and example phrases) so nothing it computes is lost.
export const communicationStyleProfiles = pgTable(
  'communication_style_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn().unique(),
    formalityLevel: text('formality_level'),
    responseSpeedPreference: text('response_speed_preference'),
    signatureStyle: text('signature_style'),
    emojiUsageFrequency: text('emoji_usage_frequency'),
    toneCharacteristics: jsonb('tone_characteristics'),
    greetingPatterns: jsonb('greeting_patterns'),
    closingPatterns: jsonb('closing_patterns'),
    commonPhrases: jsonb('common_phrases'),
    avoidedPhrases: jsonb('avoided_phrases'),
    avgSentenceLength: real('avg_sentence_length'),
    avgParagraphLength: real('avg_paragraph_length'),
    avgEmailLength: real('avg_email_length'),
    // { exclamation_usage, comma_style, emoji_usage }.
    punctuationStyle: jsonb('punctuation_style'),
    questionAskingStyle: jsonb('question_asking_style'),
    informationSharingStyle: jsonb('information_sharing_style'),
    // internal / external / superior / subordinate.
    contextStyles: jsonb('context_styles'),
    // urgent / routine / complaint / meeting.
    situationalStyles: jsonb('situational_styles'),
    hierarchicalStyles: jsonb('hierarchical_styles'),
    profile: jsonb('profile'),
    analysisVersion: text('analysis_version').notNull().default('v1.0'),
    sampleSize: integer('sample_size'),
    totalEmailsAvailable: integer('total_emails_available'),
    analysisDate: timestamptz('analysis_date'),
    createdAt: createdAtColumn(),
    lastUpdated: timestamptz('last_updated')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('communication_style_profiles_user_idx').on(t.userId)],
);

export type CommunicationStyleProfileRow = typeof communicationStyleProfiles.$inferSelect;

export type TrainingSessionStatus = 'downloading' | 'completed' | 'failed';
export type TrainingSessionKind = 'training' | 'inbox_contacts' | 'sent_style';

// One training download run (spec "Training session"); history shows the 5 most recent.
export const trainingSessions = pgTable(
  'training_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    // Which run: the full training download, the inbox-only contacts run or the sent-only style run.
    kind: text('kind').$type<TrainingSessionKind>().notNull().default('training'),
    // Calendar dates as 'YYYY-MM-DD' (no time zone shifts).
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').$type<TrainingSessionStatus>().notNull().default('downloading'),
    initiatedAt: timestamptz('initiated_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    totalEmailsDownloaded: integer('total_emails_downloaded').notNull().default(0),
    trainingDurationMs: integer('training_duration_ms'),
    errorMessage: text('error_message'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('training_sessions_account_initiated_idx').on(t.emailAccountId, t.initiatedAt.desc().nullsFirst()),
    index('training_sessions_user_initiated_idx').on(t.userId, t.initiatedAt.desc().nullsFirst()),
  ],
);

export type TrainingSessionRow = typeof trainingSessions.$inferSelect;

export type EmailTopicAnalysis = {
  email_id: string;
  primary_theme: string;
  secondary_themes: string[];
  urgency_level: number;
  sentiment_score: number;
  key_entities: string[];
  action_required: boolean;
  question_present: boolean;
};

// Topic analysis of an account's mail (spec "Training analysis"), upserted per account.
export const trainingAnalyses = pgTable(
  'training_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn().unique(),
    totalEmails: integer('total_emails').notNull().default(0),
    themes: jsonb('themes').notNull().default(sql`'{}'::jsonb`),
    urgencyDistribution: jsonb('urgency_distribution').notNull().default(sql`'{}'::jsonb`),
    averageSentiment: real('average_sentiment').notNull().default(0),
    actionRequiredCount: integer('action_required_count').notNull().default(0),
    questionsCount: integer('questions_count').notNull().default(0),
    // { people, products, departments }.
    topEntities: jsonb('top_entities').notNull().default(sql`'{}'::jsonb`),
    emailAnalyses: jsonb('email_analyses').$type<EmailTopicAnalysis[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('training_analyses_user_idx').on(t.userId)],
);

export type TrainingAnalysisRow = typeof trainingAnalyses.$inferSelect;
