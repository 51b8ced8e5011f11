import { z } from 'zod';

/** The analysis version a new profile is stored with (spec: default 'v1.0'). */
export const STYLE_ANALYSIS_VERSION = 'v1.0';

export const FORMALITY_LEVELS = ['very_formal', 'formal', 'neutral', 'casual', 'very_casual'] as const;
export const RESPONSE_SPEEDS = ['immediate', 'same_day', 'next_day', 'slow', 'unknown'] as const;
export const USAGE_LEVELS = ['never', 'rare', 'occasional', 'frequent'] as const;
export const SIGNATURE_KINDS = ['none', 'initials', 'first_name', 'full_name', 'full_block'] as const;

/** A phrase the user writes (greeting, closing, characteristic n-gram) and how often. */
export const ZStylePhrase = z.object({
  text: z.string(),
  /** Emails that contain it. */
  count: z.number().int(),
  /** Share of the analysed emails that contain it, 0..1. */
  share: z.number(),
});
export type StylePhrase = z.infer<typeof ZStylePhrase>;

/** A greeting or closing, with how its use differs by recipient (shares within each group, or null without mail to that group). */
export const ZStylePattern = ZStylePhrase.extend({
  internalShare: z.number().nullable(),
  externalShare: z.number().nullable(),
});
export type StylePattern = z.infer<typeof ZStylePattern>;

/** A phrase common in English business mail that this user (almost) never writes, with what they write instead. */
export const ZAvoidedPhrase = z.object({ text: z.string(), insteadOf: z.string().nullable() });

export const ZStyleTrait = z.object({ trait: z.string(), supportingEmails: z.number().int() });

/** How the user writes in one context (internal, external, superior, subordinate). */
export const ZContextStyle = z.object({
  /** Typical (median) length in words. */
  typicalLength: z.number(),
  tone: z.string(),
  structure: z.string(),
  supportingEmails: z.number().int(),
  examplePhrases: z.array(z.string()),
});
export type ContextStyle = z.infer<typeof ZContextStyle>;

/** How the user answers one kind of situation (urgent, routine, complaint, meeting). */
export const ZSituationalStyle = z.object({
  /** Typical (median) length in words. */
  length: z.number(),
  tone: z.string(),
  structure: z.string(),
  markers: z.array(z.string()),
  approach: z.string(),
  details: z.string(),
  followUp: z.string(),
  supportingEmails: z.number().int(),
});
export type SituationalStyle = z.infer<typeof ZSituationalStyle>;

/**
 * What the style engine finds in the user's sent mail (spec "Style profile"), each part with the
 * number of emails that support it. Plain words and example phrases, for people to read.
 */
export const ZStyleProfileData = z.object({
  formalityLevel: z.enum(FORMALITY_LEVELS),
  /** 0 (very casual) .. 1 (very formal). */
  formalityScore: z.number(),
  responseSpeedPreference: z.enum(RESPONSE_SPEEDS),
  /** Median hours between an incoming mail and the user's reply to it, over measured reply pairs. */
  medianResponseHours: z.number().nullable(),
  measuredReplies: z.number().int(),
  signatureStyle: z.object({
    kind: z.enum(SIGNATURE_KINDS),
    /** The most common sign-off block, as written. */
    example: z.string().nullable(),
    supportingEmails: z.number().int(),
  }),
  emojiUsageFrequency: z.enum(USAGE_LEVELS),
  toneCharacteristics: z.array(ZStyleTrait),
  greetingPatterns: z.array(ZStylePattern),
  closingPatterns: z.array(ZStylePattern),
  commonPhrases: z.array(ZStylePhrase),
  avoidedPhrases: z.array(ZAvoidedPhrase),
  /** Words per sentence. */
  avgSentenceLength: z.number(),
  /** Sentences per paragraph. */
  avgParagraphLength: z.number(),
  /** Words per email (the user's own words only). */
  avgEmailLength: z.number(),
  punctuationStyle: z.object({
    exclamationUsage: z.object({ perEmail: z.number(), level: z.enum(USAGE_LEVELS) }),
    commaStyle: z.object({ perSentence: z.number(), description: z.string() }),
    emojiUsage: z.object({ perEmail: z.number(), level: z.enum(USAGE_LEVELS) }),
  }),
  questionAskingStyle: z.object({
    /** Share of emails with at least one question. */
    share: z.number(),
    perEmail: z.number(),
    description: z.string(),
    examples: z.array(z.string()),
  }),
  informationSharingStyle: z.object({
    description: z.string(),
    /** Share of emails using bullet or numbered lists. */
    listShare: z.number(),
    /** Share of emails with a link. */
    linkShare: z.number(),
    /** Share of emails that point to an attachment. */
    attachmentShare: z.number(),
  }),
  contextStyles: z.object({
    internal: ZContextStyle.nullable(),
    external: ZContextStyle.nullable(),
    superior: ZContextStyle.nullable(),
    subordinate: ZContextStyle.nullable(),
  }),
  situationalStyles: z.object({
    urgent: ZSituationalStyle.nullable(),
    routine: ZSituationalStyle.nullable(),
    complaint: ZSituationalStyle.nullable(),
    meeting: ZSituationalStyle.nullable(),
  }),
});
export type StyleProfileData = z.infer<typeof ZStyleProfileData>;

/** A stored style profile as the report reads it. */
export const ZStyleProfile = ZStyleProfileData.extend({
  id: z.string(),
  emailAccountId: z.string(),
  analysisVersion: z.string(),
  sampleSize: z.number().int(),
  totalEmailsAvailable: z.number().int(),
  analysisDate: z.string(),
  createdAt: z.string(),
  lastUpdated: z.string(),
});
export type StyleProfile = z.infer<typeof ZStyleProfile>;

export const ZStyleProfileResponse = z.object({ profile: ZStyleProfile.nullable() });
export type StyleProfileResponse = z.infer<typeof ZStyleProfileResponse>;

/** Answer of analyze-communication-style. */
export const ZAnalyzeStyleResponse = z.object({
  profile: ZStyleProfile,
  emailsAnalyzed: z.number().int(),
  sampleSize: z.number().int(),
});
export type AnalyzeStyleResponse = z.infer<typeof ZAnalyzeStyleResponse>;
