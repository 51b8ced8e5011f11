import { runAliasesRecompute } from './accounts/aliases-service.ts';
import { initializationStepJob, recomputeForAliasesJob } from './accounts/jobs.ts';
import { runInitializationStep } from './accounts/service.ts';
import { updateContactsForStoredMailJob } from './contacts/jobs.ts';
import { updateContactsForEmails } from './contacts/service.ts';
import { deliverDraftJob, failStalledDeliveriesJob } from './delivery/jobs.ts';
import { deliverDraft, failStalledDeliveries } from './delivery/service.ts';
import type { Deps } from './deps.ts';
import { composeDraftJob, draftTriagedMailJob, learnFromOwnRepliesJob } from './drafts/jobs.ts';
import { composeDraftForEmail, draftTriagedMail, learnFromOwnReplies } from './drafts/service.ts';
import { analyzeKnowledgeJob, extractTextJob } from './files/jobs.ts';
import { analyzeKnowledge, extractDocumentText } from './files/service.ts';
import { indexStoredMailJob, mailStoredEvent, scheduleMailSyncJob, syncMailJob } from './mail/jobs.ts';
import { enqueueScheduledSyncs, indexStoredMail, runSync } from './mail/service.ts';
import { sendPendingNotificationEmails } from './notifications/email.ts';
import { pruneNotificationsJob, sendNotificationEmailsJob, weeklySummaryJob } from './notifications/jobs.ts';
import { pruneNotifications, sendWeeklySummaries } from './notifications/service.ts';
import { handle, type JobRegistration, subscribe } from './platform/queue.ts';
import { rebuildStyleProfileJob, refreshStyleOnMailStoredJob } from './style/jobs.ts';
import { rebuildOutdatedProfile, refreshStyleFromSentMail } from './style/service.ts';
import { trainingSessionJob } from './training/jobs.ts';
import { runTrainingSession } from './training/service.ts';
import { emailsTriagedEvent, relearnTriageJob, understandStoredMailJob } from './understanding/jobs.ts';
import { relearnTriage, requestRelearn, understandStoredMail } from './understanding/service.ts';

function cronEvery(minutes: number): string {
  return minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.max(1, Math.floor(minutes / 60))} * * *`;
}

/**
 * Every background job and who runs it, in one place: each area's jobs.ts defines its jobs (name,
 * payload) and its service does the work; this file ties the two together. Reactions to stored
 * mail are subscribers of `mailStoredEvent`: adding one touches no other area.
 */
export const jobHandlers: JobRegistration<Deps>[] = [
  handle(initializationStepJob, (payload, deps) => runInitializationStep(deps, payload)),
  handle(recomputeForAliasesJob, (payload, deps) => runAliasesRecompute(deps, payload)),
  handle(syncMailJob, async (payload, deps) => {
    await runSync(deps, { ...payload, options: { source: 'sync' } });
  }),
  handle(scheduleMailSyncJob, (_payload, deps) => enqueueScheduledSyncs(deps), {
    cron: (deps) => cronEvery(deps.env.SYNC_INTERVAL_MINUTES),
  }),
  // A finished training run brought the account's history: triage learns the user's habits from it.
  handle(trainingSessionJob, async (payload, deps) => {
    await runTrainingSession(deps, payload);
    await requestRelearn(deps, { userId: payload.userId, accountId: payload.accountId });
  }),
  handle(extractTextJob, (payload, deps) => extractDocumentText(deps, payload)),
  handle(analyzeKnowledgeJob, (_payload, deps) => analyzeKnowledge(deps)),
  handle(composeDraftJob, async ({ userId, emailId }, deps) => {
    await composeDraftForEmail({ db: deps.db, env: deps.env, userId, emailId });
  }),
  handle(deliverDraftJob, (payload, deps) => deliverDraft(deps, payload)),
  handle(
    failStalledDeliveriesJob,
    async (_payload, deps) => {
      await failStalledDeliveries({ db: deps.db, now: deps.clock.now() });
    },
    { cron: () => '*/10 * * * *' },
  ),
  handle(relearnTriageJob, async ({ userId, accountId }, deps) => {
    await relearnTriage({ db: deps.db, userId, accountId });
  }),
  handle(rebuildStyleProfileJob, ({ userId, accountId }, deps) => rebuildOutdatedProfile({ db: deps.db, userId, accountId })),
  // Monday 08:00 server time; once per user and ISO week however often it runs.
  handle(
    weeklySummaryJob,
    async (_payload, deps) => {
      await sendWeeklySummaries({ db: deps.db, now: deps.clock.now() });
    },
    { cron: () => '0 8 * * 1' },
  ),
  handle(
    sendNotificationEmailsJob,
    async (_payload, deps) => {
      await sendPendingNotificationEmails(deps);
    },
    { cron: () => '* * * * *' },
  ),
  handle(
    pruneNotificationsJob,
    async (_payload, deps) => {
      await pruneNotifications({ db: deps.db, now: deps.clock.now() });
    },
    { cron: () => '30 3 * * *' },
  ),

  subscribe(mailStoredEvent, indexStoredMailJob, (payload, deps) => indexStoredMail(deps, payload)),
  // The initial download is followed by a full rebuild of the contact book (initialization's
  // contacts step), and training downloads reach it through Build Inbox Contacts: only new mail
  // updates it here.
  subscribe(mailStoredEvent, updateContactsForStoredMailJob, async ({ userId, accountId, emailIds, source }, deps) => {
    if (source === 'sync') await updateContactsForEmails({ db: deps.db, userId, accountId, emailIds });
  }),
  // What new mail asks and of whom (incoming and sent), and triage of the incoming (needs_reply, needs_review).
  subscribe(mailStoredEvent, understandStoredMailJob, (payload, deps) => understandStoredMail(deps, payload)),
  // A drafting job per email triage says needs a reply.
  subscribe(emailsTriagedEvent, draftTriagedMailJob, (payload, deps) => draftTriagedMail(deps, payload)),
  // The user's own reply to a drafted email is that draft's final text: learning (issue 20).
  subscribe(mailStoredEvent, learnFromOwnRepliesJob, async (payload, deps) => {
    await learnFromOwnReplies(deps, payload);
  }),
  // The style profile follows newly sent mail, at most daily (style/service.ts STYLE_REFRESH_HOURS).
  subscribe(mailStoredEvent, refreshStyleOnMailStoredJob, async ({ userId, accountId, source }, deps) => {
    if (source === 'sync') await refreshStyleFromSentMail({ db: deps.db, userId, accountId, now: deps.clock.now() });
  }),
];
