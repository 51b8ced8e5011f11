import {
  ACCOUNT_MESSAGES,
  ALIAS_LABELS,
  ALIASES_RECOMPUTE_STEPS,
  type AliasesRecomputeStep,
  type EmailAccount,
  TRAINING_MESSAGES,
  type UpdateAliasesRequest,
} from '@penman/contract';
import { rebuildContacts } from '../contacts/service.ts';
import type { Deps } from '../deps.ts';
import {
  calculateTopSenders,
  isDownloading,
  listMailDirectionChanges,
  recalculateAccountStatistics,
  refreshAliasProposals,
  remarkMailDirection,
} from '../mail/service.ts';
import type { Db } from '../platform/db/client.ts';
import type { StoredAliasesRecompute } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { publishEvent } from '../platform/realtime.ts';
import { analyzeCommunicationStyle } from '../style/service.ts';
import { recomputeForAliasesJob } from './jobs.ts';
import * as repo from './repo.ts';
import { getAccount } from './service.ts';

/**
 * The user's own addresses (aliases) of an account: the user confirms, edits or dismisses them, and
 * every change is followed by a recompute, a durable job with its progress on the account
 * (`aliases_recompute`), of what depends on which mail is the user's: the direction of every email,
 * the counters and top senders, the contact book, the style profile. The analytics charts are SQL
 * over the emails and follow by themselves.
 */

type Scope = { db: Db; userId: string; accountId: string };

/** Emails re-marked per statement: the progress moves, and no statement holds many row locks for long. */
const DIRECTION_BATCH = 2_000;
/** While the account downloads, the recompute looks again this much later (it runs when the download ended). */
const WAIT_FOR_DOWNLOAD_SECONDS = 3;
/** Dismissed addresses kept: the newest this many (a list the user never sees). */
const MAX_DISMISSED = 500;

const unique = (addresses: string[]) => [...new Set(addresses.map((address) => address.trim().toLowerCase()))];

async function notifyChanged(db: Db, userId: string, accountId: string) {
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } }).catch(() => {});
}

/**
 * Saves the account's other addresses as the user edited them (the whole list) and the proposals
 * the user dismissed; an alias removed is dismissed too, so it is not proposed again. When the list
 * changed (or the last recompute failed), the recompute is queued.
 */
export async function updateAliases({
  db,
  userId,
  accountId,
  queue,
  input,
}: Scope & Pick<Deps, 'queue'> & { input: UpdateAliasesRequest }): Promise<EmailAccount> {
  const queued = await db.transaction(async (tx) => {
    const current = await repo.lockAliases(tx, userId, accountId);
    if (!current) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
    const own = current.emailAddress.toLowerCase();
    const aliases = unique(input.aliases).filter((address) => address !== own);
    const removed = current.aliases.filter((address) => !aliases.includes(address));
    const dismissed = unique([...current.dismissedAliases, ...removed, ...(input.dismissed ?? [])])
      .filter((address) => address !== own && !aliases.includes(address))
      .slice(-MAX_DISMISSED);
    const changed = aliases.length !== current.aliases.length || removed.length > 0;
    const recompute = changed || current.aliasesRecompute?.status === 'failed';
    const version = current.aliasesVersion + (recompute ? 1 : 0);
    await repo.updateAccount(tx, userId, accountId, {
      aliases,
      dismissedAliases: dismissed,
      aliasProposals: current.aliasProposals.filter((p) => !aliases.includes(p.address) && !dismissed.includes(p.address)),
      ...(recompute
        ? {
            aliasesVersion: version,
            aliasesRecompute: {
              version,
              status: 'waiting',
              step: null,
              done: 0,
              total: 0,
              error: null,
              updatedAt: new Date().toISOString(),
            },
          }
        : {}),
    });
    if (recompute) await queue.enqueue(recomputeForAliasesJob, { userId, accountId }, { singletonKey: accountId, tx });
    return recompute;
  });
  logger.info({ accountId, recompute: queued }, 'account aliases saved');
  await notifyChanged(db, userId, accountId);
  return getAccount({ db, userId, accountId });
}

/**
 * The recompute job. Runs the steps from where a run of the same aliases stopped (a retried job
 * goes on from its step: each step computes from the stored mail, so running one again changes
 * nothing). Waits while the account downloads or initializes: mail being stored then was marked
 * with the addresses its download started with, and initialization rebuilds contacts and style
 * itself. Stops at once when the aliases changed meanwhile: the newer recompute is queued.
 */
export async function runAliasesRecompute(deps: Pick<Deps, 'db' | 'queue'>, { userId, accountId }: { userId: string; accountId: string }) {
  const { db } = deps;
  const account = await repo.findAccount(db, userId, accountId);
  const state = account?.aliasesRecompute;
  if (!account || !state || state.version !== account.aliasesVersion || state.status === 'completed') return;
  const scope = { db, userId, accountId };
  let current: StoredAliasesRecompute = state;
  const save = async (changes: Partial<StoredAliasesRecompute>) => {
    current = { ...current, ...changes, updatedAt: new Date().toISOString() };
    const saved = await repo.saveAliasesRecompute(db, userId, accountId, current);
    if (saved) await notifyChanged(db, userId, accountId);
    return saved;
  };

  if (account.initializationStatus === 'initializing' || (await isDownloading({ db }, accountId))) {
    if (state.status !== 'waiting' && !(await save({ status: 'waiting' }))) return;
    await deps.queue.enqueue(
      recomputeForAliasesJob,
      { userId, accountId },
      { singletonKey: accountId, startAfterSeconds: WAIT_FOR_DOWNLOAD_SECONDS },
    );
    return;
  }

  // A run that stopped (process gone, or failed and retried) goes on from its step.
  const resumed = state.status === 'running' || state.status === 'failed';
  const resumeAt = resumed && state.step ? ALIASES_RECOMPUTE_STEPS.indexOf(state.step) : 0;
  try {
    for (const step of ALIASES_RECOMPUTE_STEPS.slice(resumeAt)) {
      // done/total count the direction step's emails; they start again unless that step is resumed.
      const fresh = step === 'direction' && !(resumed && state.step === 'direction');
      if (!(await save({ status: 'running', step, error: null, ...(fresh ? { done: 0, total: 0 } : {}) }))) return;
      if (!(await runStep(step, scope, current, save))) return;
    }
    await save({ status: 'completed' });
  } catch (error) {
    logger.error({ err: error, accountId, step: current.step }, 'recompute after an aliases change failed');
    await save({ status: 'failed', error: ALIAS_LABELS.recompute.failed });
    // pg-boss retries the job, which goes on from the failed step.
    throw error;
  }
}

/** One step; false when the aliases changed meanwhile (the run stops). */
async function runStep(
  step: AliasesRecomputeStep,
  scope: Scope,
  state: StoredAliasesRecompute,
  save: (changes: Partial<StoredAliasesRecompute>) => Promise<boolean>,
): Promise<boolean> {
  switch (step) {
    case 'direction': {
      // One pass finds the emails to turn; they are turned a batch at a time, with progress.
      // Resumed: what was turned before counts, the rest is found again.
      const ids = await listMailDirectionChanges(scope);
      let done = state.done;
      const total = done + ids.length;
      if (!(await save({ done, total }))) return false;
      for (let start = 0; start < ids.length; start += DIRECTION_BATCH) {
        done += await remarkMailDirection(scope, ids.slice(start, start + DIRECTION_BATCH));
        if (!(await save({ done, total }))) return false;
      }
      return true;
    }
    case 'counters':
      await recalculateAccountStatistics(scope);
      await calculateTopSenders(scope);
      await refreshAliasProposals(scope);
      return true;
    case 'contacts':
      await rebuildContacts(scope);
      return true;
    case 'style': {
      const account = await repo.findAccount(scope.db, scope.userId, scope.accountId);
      if (account && account.outgoingEmailsCount > 0) await analyzeCommunicationStyle(scope, TRAINING_MESSAGES.noTrainingEmails);
      return true;
    }
  }
}
