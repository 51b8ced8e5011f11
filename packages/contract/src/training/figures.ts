import type { TrainingStatus } from '../accounts/schemas.ts';
import { STYLE_MESSAGES, TRAINING_MESSAGES } from './messages.ts';

/**
 * An account's training status in words, one label per status, the same on the dashboard's banner,
 * the Training screen's Email Analysis Status and the Style Corpus card of Email Accounts. The
 * words are the specification's (part 1 section 4 for the banner, part 2 section 8 for 'Training
 * Failed'); the server derives the status itself.
 */
export const TRAINING_STATUS_LABELS: Record<TrainingStatus, string> = {
  completed: 'AI Model Ready',
  in_progress: 'Training in Progress',
  not_started: 'Training Queued',
  failed: TRAINING_MESSAGES.trainingFailed,
  ready: 'Ready for Training',
};

/**
 * Every training figure the screens show, defined once: its label (the specification's where it
 * names one) and what it counts, written beside or under the number. The comment names the field.
 */
export const TRAINING_FIGURES = {
  /** `outgoingEmailsCount` (spec: "Training Emails Available: the outgoing count"). */
  trainingEmailsAvailable: { label: TRAINING_MESSAGES.trainingEmailsAvailable, counts: 'sent emails to learn your style from' },
  /** `trainingEmailsCount`: emails a training download flagged as training data; Delete All Training Emails removes them. */
  downloadedForTraining: { label: 'Downloaded for Training', counts: 'received and sent emails of your training downloads' },
  /** The style profile's `sampleSize`: the newest sent emails the analysis read (up to the sent style cap). */
  sampleSize: { label: STYLE_MESSAGES.sampleSize, counts: 'sent emails the analysis read' },
  /** analyze-communication-style's `emailsAnalyzed`: of the sample, the emails that shaped the profile. */
  emailsAnalyzed: {
    label: 'With Your Own Words',
    counts: 'of those, emails with words of your own (quotes, forwards and signatures left out)',
  },
  /** The style profile's `totalEmailsAvailable`: the account's sent emails when it was analysed. */
  totalEmailsAvailable: { label: STYLE_MESSAGES.totalAvailable, counts: 'sent emails the account held at the analysis' },
  /** The topic analysis' `themeEmails[theme]`. */
  themeEmails: { label: 'Emails', counts: 'an email counts for its main theme and for each secondary one' },
} as const;
