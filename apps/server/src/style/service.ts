import { STYLE_ANALYSIS_VERSION, type StyleProfile, ZStyleProfileData } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { companyFromDomain } from '../mail/engine/people.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { publishEvent } from '../platform/realtime.ts';
import { buildStyleProfile } from './engine/build-profile.ts';
import { emailsToPrune } from './engine/prune.ts';
import { FINGERPRINT_VERSION, isCurrentFingerprint } from './engine/style-match.ts';
import type { StyleProfile as EngineStyleProfile } from './engine/types.ts';
import { rebuildStyleProfileJob } from './jobs.ts';
import * as repo from './repo.ts';

type AccountScope = { db: Db; userId: string; accountId: string };

/** Sent emails a profile reads when the account has no sent_style_cap (spec: default 1500). */
export const DEFAULT_SENT_STYLE_CAP = 1500;
/**
 * Incoming emails a profile reads for styleMatch's voice model, newest first: the engine keeps the
 * first BACKGROUND_MAILS (400) written by people, so some room for the bulk and automated ones.
 */
const INCOMING_STYLE_CAP = 600;

const iso = (value: Date) => value.toISOString();

function toStyleProfile(row: Awaited<ReturnType<typeof repo.findProfile>>): StyleProfile | null {
  if (!row?.analysisDate) return null;
  // The engine's full output is kept in `profile`; parsing drops what the report doesn't show (the fingerprint).
  const data = ZStyleProfileData.safeParse(row.profile);
  if (!data.success) return null;
  return {
    ...data.data,
    id: row.id,
    emailAccountId: row.emailAccountId,
    analysisVersion: row.analysisVersion,
    sampleSize: row.sampleSize ?? 0,
    totalEmailsAvailable: row.totalEmailsAvailable ?? 0,
    analysisDate: iso(row.analysisDate),
    createdAt: iso(row.createdAt),
    lastUpdated: iso(row.lastUpdated),
  };
}

async function requireAccount({ db, userId, accountId }: AccountScope) {
  const account = await repo.findStyleAccount(db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Email account not found');
  return account;
}

/** The stored style profile of the account, or null before the first analysis. */
export async function getStyleProfile(scope: AccountScope): Promise<StyleProfile | null> {
  await requireAccount(scope);
  return toStyleProfile(await repo.findProfile(scope.db, scope.userId, scope.accountId));
}

/**
 * The engine's whole profile as the last analysis stored it (with the fingerprint that styleMatch
 * reads), for drafting; null before the first analysis. A profile an older engine wrote is returned
 * as it is: its greetings, closings and tone still hold, styleMatch scores it 0.5 (no evidence
 * either way), and the rebuild enqueued at start (enqueueOutdatedProfileRebuilds) replaces it.
 */
export async function getStyleProfileForDrafting({ db, userId, accountId }: AccountScope): Promise<EngineStyleProfile | null> {
  const row = await repo.findProfile(db, userId, accountId);
  if (!row?.analysisDate || !row.profile) return null;
  return row.profile as EngineStyleProfile;
}

/** At start: a rebuild job for every account whose stored profile an older engine wrote. Answers how many. */
export async function enqueueOutdatedProfileRebuilds({ db, queue }: Pick<Deps, 'db' | 'queue'>): Promise<number> {
  const outdated = await repo.listOutdatedProfiles(db, FINGERPRINT_VERSION);
  for (const { userId, accountId } of outdated) {
    await queue.enqueue(rebuildStyleProfileJob, { userId, accountId }, { singletonKey: accountId });
  }
  return outdated.length;
}

/**
 * rebuildStyleProfileJob: analyses the account again when its stored profile is still of an older
 * version (a second start may have enqueued it twice); an account with no sent mail left keeps the
 * profile it has.
 */
export async function rebuildOutdatedProfile(scope: AccountScope): Promise<void> {
  const row = await repo.findProfile(scope.db, scope.userId, scope.accountId);
  if (!row?.analysisDate || isCurrentFingerprint((row.profile as { fingerprint?: unknown } | null)?.fingerprint)) return;
  if ((await repo.countOutgoing(scope.db, scope.userId, scope.accountId)) === 0) return;
  await analyzeCommunicationStyle(scope, 'No Training Emails');
}

export type StyleAnalysis = { profile: StyleProfile; emailsAnalyzed: number; sampleSize: number };

/**
 * analyze-communication-style: builds the profile from the account's newest sent mail (up to
 * sent_style_cap) and, for styleMatch's voice model, its newest incoming mail, and stores it. Throws 'No Training Emails' without any outgoing email.
 */
export async function analyzeCommunicationStyle(scope: AccountScope, noEmailsMessage: string): Promise<StyleAnalysis> {
  const { db, userId, accountId } = scope;
  const account = await requireAccount(scope);
  const totalAvailable = await repo.countOutgoing(db, userId, accountId);
  if (totalAvailable === 0) throw new AppError('VALIDATION', noEmailsMessage);

  const sent = await repo.loadSentMail(db, userId, accountId, account.sentStyleCap ?? DEFAULT_SENT_STYLE_CAP);
  const incoming = await repo.loadIncomingMail(db, userId, accountId, INCOMING_STYLE_CAP);
  const ownAddresses = [account.emailAddress.toLowerCase(), ...account.aliases];
  const domain = account.emailAddress.split('@')[1]?.toLowerCase() ?? '';
  const built = buildStyleProfile({
    emails: sent,
    ownAddresses,
    ownName: account.displayName && account.displayName !== account.emailAddress ? account.displayName : null,
    internalDomains: domain && companyFromDomain(domain) ? [domain] : [],
    incoming,
  });
  // sample_size is how many sent emails the analysis read (the spec lets Train Model run again once
  // the account has more outgoing mail than that); emailsAnalyzed is how many of them had words of
  // the user's own (quotes, forwards and signatures removed) and shaped the profile.
  const { fingerprint: _fingerprint, sampleSize: emailsAnalyzed, ...data } = built;
  const sampleSize = sent.length;
  const row = await repo.upsertProfile(db, {
    userId,
    emailAccountId: accountId,
    formalityLevel: data.formalityLevel,
    responseSpeedPreference: data.responseSpeedPreference,
    signatureStyle: data.signatureStyle.kind,
    emojiUsageFrequency: data.emojiUsageFrequency,
    toneCharacteristics: data.toneCharacteristics,
    greetingPatterns: data.greetingPatterns,
    closingPatterns: data.closingPatterns,
    commonPhrases: data.commonPhrases,
    avoidedPhrases: data.avoidedPhrases,
    avgSentenceLength: data.avgSentenceLength,
    avgParagraphLength: data.avgParagraphLength,
    avgEmailLength: data.avgEmailLength,
    punctuationStyle: data.punctuationStyle,
    questionAskingStyle: data.questionAskingStyle,
    informationSharingStyle: data.informationSharingStyle,
    contextStyles: data.contextStyles,
    situationalStyles: data.situationalStyles,
    hierarchicalStyles: { superior: data.contextStyles.superior, subordinate: data.contextStyles.subordinate },
    profile: built,
    analysisVersion: STYLE_ANALYSIS_VERSION,
    sampleSize,
    totalEmailsAvailable: totalAvailable,
    analysisDate: new Date(),
  });
  await publishEvent(db, userId, { type: 'training.changed', data: { id: accountId } });
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } });
  return { profile: toStyleProfile(row)!, emailsAnalyzed, sampleSize };
}

/**
 * The style profile follows the user's newly sent mail (issue 20): at most every
 * STYLE_REFRESH_HOURS, once sent mail arrived since the last analysis, the profile is built again
 * (drafting reads the stored profile on every draft, so the next draft uses it). The Training
 * screen shows when it last ran (the profile's analysis date). Before a first analysis nothing
 * runs: initialization and Train Model build the first profile.
 */
export const STYLE_REFRESH_HOURS = 24;

export async function refreshStyleFromSentMail(scope: AccountScope & { now?: Date }): Promise<boolean> {
  const { db, userId, accountId } = scope;
  const row = await repo.findProfile(db, userId, accountId);
  if (!row?.analysisDate) return false;
  const now = scope.now ?? new Date();
  if (now.getTime() - row.analysisDate.getTime() < STYLE_REFRESH_HOURS * 3_600_000) return false;
  if ((await repo.countOutgoing(db, userId, accountId)) <= (row.totalEmailsAvailable ?? 0)) return false;
  await analyzeCommunicationStyle({ db, userId, accountId }, 'No sent mail to learn the style from');
  return true;
}

/**
 * prune-outgoing-emails: deletes the sent mail that says nothing about the user's own voice
 * (auto-replies, calendar answers, forwards without own text, duplicate copies, mostly quoted).
 */
export async function pruneOutgoingEmails(scope: AccountScope, noOutgoingMessage: string): Promise<number> {
  const { db, userId, accountId } = scope;
  await requireAccount(scope);
  const candidates = await repo.loadPruneCandidates(db, userId, accountId);
  if (candidates.length === 0) throw new AppError('VALIDATION', noOutgoingMessage);
  const doomed = emailsToPrune(candidates);
  return repo.deleteOutgoingEmails(
    db,
    userId,
    accountId,
    doomed.map((d) => d.id),
  );
}
