import {
  ACCOUNT_MESSAGES,
  appPasswordPresetFor,
  CONNECTION_CHECK_MESSAGES,
  type CreateImapAccountRequest,
  type EmailAccount,
  type InitStep,
  PRESET_MESSAGES,
  PROVIDERS_WITH_READ_STATE,
  type UpdateAccountRequest,
  type UpdateCredentialsRequest,
  ZEmailAccount,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { removeAccountFiles } from '../files/service.ts';
import { checkImapLogin, enqueueSync, imapSettings, runSync, type SyncRunDeps } from '../mail/service.ts';
import type { SecretBox } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import type { Queue } from '../platform/queue.ts';
import { publishEvent } from '../platform/realtime.ts';
import { deriveTrainingStatus } from '../training/service.ts';
import { imapMailboxIdentity } from './engine/mailbox-identity.ts';
import { initializationSteps } from './init-pipeline.ts';
import { initializationStepJob } from './jobs.ts';
import * as repo from './repo.ts';

export { gmailMailboxIdentity, imapMailboxIdentity } from './engine/mailbox-identity.ts';

type Scope = { db: Db; userId: string };
type ActionDeps = Scope & { queue: Queue };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API shape of an account: never its secret. */
export function toEmailAccount(row: repo.AccountRecord): EmailAccount {
  const provider = row.provider;
  const training = deriveTrainingStatus({
    storedStatus: row.trainingStatus,
    storedError: row.trainingError,
    hasProfile: row.styleProfileGeneratedAt !== null,
    sessionRunning: row.trainingSessionRunning,
    initializationStatus: row.initializationStatus,
    lastInitStep: row.lastInitStep,
  });
  // Parsing with the contract drops every column the API does not promise (user id, aliases...).
  return ZEmailAccount.parse({
    ...row,
    provider,
    unreadEmailsCount: PROVIDERS_WITH_READ_STATE.includes(provider) ? row.unreadEmailsCount : null,
    trainingStatus: training.status,
    trainingError: training.error,
    lastSyncAt: iso(row.lastSyncAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dateRangeStart: iso(row.dateRangeStart),
    dateRangeEnd: iso(row.dateRangeEnd),
    trainingStartedAt: iso(row.trainingStartedAt),
    trainingCompletedAt: iso(row.trainingCompletedAt),
    initializationStartedAt: iso(row.initializationStartedAt),
    initializationCompletedAt: iso(row.initializationCompletedAt),
    emailsDownloadStartedAt: iso(row.emailsDownloadStartedAt),
    styleProfileGeneratedAt: iso(row.styleProfileGeneratedAt),
  });
}

export async function listAccounts({ db, userId }: Scope): Promise<EmailAccount[]> {
  return (await repo.listAccounts(db, userId)).map(toEmailAccount);
}

export async function getAccount({ db, userId, accountId }: Scope & { accountId: string }): Promise<EmailAccount> {
  const row = await repo.findAccount(db, userId, accountId);
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  return toEmailAccount(row);
}

async function notifyChanged(db: Db, userId: string, accountId: string) {
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } }).catch(() => {});
}

/** The answer to adding an address the user has connected already (the spec has no wording for it). */
export function alreadyConnected(emailAddress: string): AppError {
  const message = `${emailAddress} is already connected.`;
  return new AppError('CONFLICT', message, { fields: { emailAddress: message } });
}

/**
 * Saves an account connected with OAuth (Gmail, Microsoft) after its code exchange: a new account
 * with the refresh token encrypted in encrypted_password, or, when the user already has this
 * address with the same provider, the token replaced (a reconnect, which clears a failed sync). The
 * address under another provider, or a connection a moment earlier, is already connected.
 */
export async function saveOAuthAccount({
  db,
  userId,
  provider,
  emailAddress,
  encryptedRefreshToken,
  grantedScopes,
  server,
  mailboxIdentity,
}: Scope & {
  provider: 'gmail' | 'outlook';
  emailAddress: string;
  encryptedRefreshToken: string;
  grantedScopes: string[];
  /** The IMAP server the provider's mail is on, stored on the account (Microsoft). */
  server?: { host: string; port: number };
  /** The mailbox the provider proved the token opens (mailbox-identity.ts); null when it did not say. */
  mailboxIdentity: string | null;
}): Promise<string> {
  const stored = {
    encryptedRefreshToken,
    grantedScopes,
    mailboxIdentity,
    ...(server ? { serverUrl: server.host, port: server.port } : {}),
  };
  const existing = await repo.findAccountByAddress(db, userId, emailAddress);
  if (existing && existing.provider !== provider) throw alreadyConnected(emailAddress);
  let accountId = existing?.id;
  if (accountId) {
    await repo.replaceRefreshToken(db, userId, accountId, provider, stored);
  } else {
    accountId = await repo.insertAccount(db, userId, {
      emailAddress,
      provider,
      displayName: emailAddress,
      serverUrl: stored.serverUrl ?? null,
      port: stored.port ?? null,
      encryptedPassword: encryptedRefreshToken,
      grantedScopes,
      mailboxIdentity,
    });
    // Another connection of the same address got there first.
    if (!accountId) throw alreadyConnected(emailAddress);
  }
  await repo.recordActivity(db, userId, {
    emailAccountId: accountId,
    kind: 'account.connected',
    detail: { emailAddress, provider, reconnected: Boolean(existing) },
  });
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } }).catch(() => {});
  return accountId;
}

/**
 * The test login of the add and the reconnect. A server that refused the password, run by a provider
 * that refuses account passwords (Yahoo, iCloud, Gmail...), is answered with its need for an app
 * password and the page that makes one, not the generic refusal.
 */
async function logInOrExplain(params: Parameters<typeof checkImapLogin>[0], emailAddress: string) {
  try {
    await checkImapLogin(params);
  } catch (error) {
    const { host } = params.settings;
    const preset = appPasswordPresetFor({ emailAddress, host });
    if (preset && error instanceof AppError && error.message === CONNECTION_CHECK_MESSAGES.refusedLogin(host)) {
      throw new AppError('BAD_REQUEST', PRESET_MESSAGES.needsAppPassword(preset));
    }
    throw error;
  }
}

/** How the test login of an add or a reconnect reaches servers (env and deps), for `checkImapLogin`. */
type LoginCheck = { imapCa?: string | undefined; allowPrivateHosts: boolean; checkTimeoutMs: number };

/** Adds an Exchange-type / any IMAP account after logging in with its credentials. */
export async function createImapAccount({
  db,
  userId,
  secretBox,
  imapCa,
  allowPrivateHosts,
  checkTimeoutMs,
  input,
}: Scope & LoginCheck & { secretBox: SecretBox; input: CreateImapAccountRequest }) {
  const emailAddress = input.emailAddress.trim().toLowerCase();
  if (await repo.findAccountByAddress(db, userId, emailAddress)) throw alreadyConnected(emailAddress);
  const account = { emailAddress, serverUrl: input.serverUrl || null, port: input.port ?? null, username: input.username || null };
  const settings = imapSettings(account);
  await logInOrExplain(
    { db, userId, settings, password: input.password, imapCa, allowPrivateHosts, timeoutMs: checkTimeoutMs },
    emailAddress,
  );
  const accountId = await repo.insertAccount(db, userId, {
    ...account,
    serverUrl: settings.host,
    port: settings.port,
    provider: 'exchange',
    displayName: emailAddress,
    encryptedPassword: secretBox.encrypt(input.password),
    mailboxIdentity: imapMailboxIdentity(settings),
  });
  // Another add of the same address got there first while this one was logging in.
  if (!accountId) throw alreadyConnected(emailAddress);
  await repo.recordActivity(db, userId, { emailAccountId: accountId, kind: 'account.connected', detail: { emailAddress } });
  return getAccount({ db, userId, accountId });
}

/** Reconnects an IMAP account: logs in with the new credentials, then stores them and clears the error. */
export async function updateCredentials({
  db,
  userId,
  accountId,
  secretBox,
  imapCa,
  allowPrivateHosts,
  checkTimeoutMs,
  input,
}: Scope &
  LoginCheck & {
    accountId: string;
    secretBox: SecretBox;
    input: UpdateCredentialsRequest;
  }) {
  const account = await getAccount({ db, userId, accountId });
  if (account.provider !== 'exchange')
    throw new AppError(
      'BAD_REQUEST',
      'Only IMAP accounts sign in with a password; reconnect Gmail through Google, and Microsoft 365 / Outlook through Microsoft.',
    );
  const username = input.username === undefined ? account.username : input.username || null;
  const settings = imapSettings({ emailAddress: account.emailAddress, serverUrl: account.serverUrl, port: account.port, username });
  await logInOrExplain(
    { db, userId, settings, password: input.password, imapCa, allowPrivateHosts, timeoutMs: checkTimeoutMs },
    account.emailAddress,
  );
  await repo.updateAccount(db, userId, accountId, {
    username,
    encryptedPassword: secretBox.encrypt(input.password),
    mailboxIdentity: imapMailboxIdentity(settings),
    lastSyncError: null,
    syncState: 'idle',
  });
  await notifyChanged(db, userId, accountId);
  return getAccount({ db, userId, accountId });
}

export async function updateAccount({ db, userId, accountId, input }: Scope & { accountId: string; input: UpdateAccountRequest }) {
  if (!(await repo.updateAccount(db, userId, accountId, input))) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  await notifyChanged(db, userId, accountId);
  return getAccount({ db, userId, accountId });
}

/** Where an account's imported mailbox file lives (storage key of its folder); removed with the account. */
export const importFolderKey = (userId: string, accountId: string) => `imports/${userId}/${accountId}`;

/** Deletes the account, its mail and everything derived from it, then its stored files. */
export async function deleteAccount({
  db,
  userId,
  accountId,
  storage,
  files,
}: Scope & { accountId: string } & Pick<Deps, 'storage' | 'files'>) {
  if (!(await repo.deleteAccount(db, userId, accountId))) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  await removeAccountFiles({ files, userId, accountId });
  await storage.removeFolder(importFolderKey(userId, accountId));
}

async function startInitialization({ db, userId, queue }: ActionDeps, accountId: string, fromStep: InitStep) {
  const updated = await repo.updateAccount(db, userId, accountId, {
    initializationStatus: 'initializing',
    lastInitStep: fromStep,
    initializationStartedAt: new Date(),
    initializationError: null,
    initializationCompletedAt: null,
    stopDownload: false,
    ...(fromStep === 'download' ? { emailsDownloadStartedAt: new Date() } : {}),
  });
  if (!updated) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  await queue.enqueue(initializationStepJob, { userId, accountId, step: fromStep });
  await repo.recordActivity(db, userId, { emailAccountId: accountId, kind: 'account.initialization_started' });
  await notifyChanged(db, userId, accountId);
}

export async function initializeAccount(deps: ActionDeps & { accountId: string }) {
  const account = await getAccount(deps);
  if (account.initializationStatus === 'initializing') return { message: ACCOUNT_MESSAGES.initializationStarted, account };
  await startInitialization(deps, deps.accountId, 'download');
  return { message: ACCOUNT_MESSAGES.initializationStarted, account: await getAccount(deps) };
}

/** Retry goes on from the step that failed or was paused (Stop cleared it: from the start). */
export async function retryInitialization(deps: ActionDeps & { accountId: string }) {
  const account = await getAccount(deps);
  await startInitialization(
    deps,
    deps.accountId,
    account.lastInitStep && account.lastInitStep !== 'done' ? account.lastInitStep : 'download',
  );
  return { message: ACCOUNT_MESSAGES.initializationStarted, account: await getAccount(deps) };
}

export async function pauseInitialization({ db, userId, accountId }: Scope & { accountId: string }) {
  await setFailed(db, userId, accountId, { initializationError: ACCOUNT_MESSAGES.pausedByUser });
  return getAccount({ db, userId, accountId });
}

export async function stopInitialization({ db, userId, accountId }: Scope & { accountId: string }) {
  await setFailed(db, userId, accountId, {
    initializationError: ACCOUNT_MESSAGES.stoppedByUser,
    lastInitStep: null,
    emailsDownloadStartedAt: null,
  });
  return getAccount({ db, userId, accountId });
}

async function setFailed(
  db: Db,
  userId: string,
  accountId: string,
  values: { initializationError: string; lastInitStep?: null; emailsDownloadStartedAt?: null },
) {
  // stop_download makes a running download stop after its current batch.
  if (!(await repo.updateAccount(db, userId, accountId, { initializationStatus: 'failed', stopDownload: true, ...values }))) {
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  }
  await notifyChanged(db, userId, accountId);
}

export async function resetAccount({ db, userId, accountId }: Scope & { accountId: string }) {
  if (!(await repo.resetAccountMail(db, userId, accountId))) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  await notifyChanged(db, userId, accountId);
  return getAccount({ db, userId, accountId });
}

/** The Download button: one incremental download now, as a background job. */
export async function startDownload({ db, userId, queue, accountId }: ActionDeps & { accountId: string }) {
  if (!(await repo.updateAccount(db, userId, accountId, { stopDownload: false, emailsDownloadStartedAt: new Date() }))) {
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  }
  await enqueueSync({ queue }, { userId, accountId });
  return getAccount({ db, userId, accountId });
}

export async function downloadProgress({ db, userId, accountId }: Scope & { accountId: string }) {
  const account = await getAccount({ db, userId, accountId });
  return {
    count: await repo.countAccountEmails(db, userId, accountId),
    lastSyncAt: account.lastSyncAt,
    syncState: account.syncState,
    lastSyncError: account.lastSyncError,
  };
}

const NEXT_STEP: Record<InitStep, InitStep | null> = { download: 'contacts', contacts: 'style', style: 'done', done: null };

/**
 * Runs one initialization step, then queues the next. A job for a step the account is no longer
 * at (paused, stopped, retried elsewhere) exits without doing anything.
 */
export async function runInitializationStep(
  deps: SyncRunDeps,
  { userId, accountId, step }: { userId: string; accountId: string; step: InitStep },
) {
  const { db } = deps;
  const account = await repo.findAccount(db, userId, accountId);
  if (account?.initializationStatus !== 'initializing' || account.lastInitStep !== step) return;

  if (step === 'download') {
    const result = await runSync(deps, { userId, accountId, options: { source: 'initial' } });
    if (result.status === 'stopped') return;
    if (result.status === 'failed') {
      await repo.updateAccount(db, userId, accountId, {
        initializationStatus: 'failed',
        initializationError: result.error ?? ACCOUNT_MESSAGES.initializationFailed,
      });
      await notifyChanged(db, userId, accountId);
      return;
    }
  } else if (step === 'contacts' || step === 'style') {
    const runStep = initializationSteps[step];
    try {
      if (runStep) await runStep(deps, { userId, accountId });
    } catch (error) {
      // A step that throws would leave the account 'initializing' forever: fail it so Retry is offered.
      logger.error({ err: error, accountId, step }, 'initialization step failed');
      await repo.updateAccount(db, userId, accountId, {
        initializationStatus: 'failed',
        initializationError: ACCOUNT_MESSAGES.initializationFailed,
      });
      await notifyChanged(db, userId, accountId);
      return;
    }
  } else {
    await repo.updateAccount(db, userId, accountId, {
      initializationStatus: 'completed',
      initialized: true,
      initializationCompletedAt: new Date(),
      stopDownload: false,
    });
    await repo.recordActivity(db, userId, { emailAccountId: accountId, kind: 'account.initialized' });
    await notifyChanged(db, userId, accountId);
    return;
  }

  const next = NEXT_STEP[step]!;
  const current = await repo.findAccount(db, userId, accountId);
  if (current?.initializationStatus !== 'initializing' || current.lastInitStep !== step) return;
  await repo.updateAccount(db, userId, accountId, { lastInitStep: next });
  await deps.queue.enqueue(initializationStepJob, { userId, accountId, step: next });
  await notifyChanged(db, userId, accountId);
}
