import { TRAINING_COMPLETION_CHECK_MS, TRAINING_LABELS, TRAINING_MESSAGES, type TrainingSession } from '@penman/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { StyleReportDialog } from '@/components/style-report/style-report-dialog.tsx';
import { useDeleteSession } from '../api/delete-session.ts';
import { useDeleteTrainingEmails } from '../api/delete-training-emails.ts';
import { useStyleProfile } from '../api/get-style-profile.ts';
import type { TrainingAccount } from '../api/get-training-accounts.ts';
import { trainingAnalysisQueryOptions, useTrainingAnalysis } from '../api/get-training-analysis.ts';
import { useTrainingOverview } from '../api/get-training-overview.ts';
import { useTrainingSessions } from '../api/get-training-sessions.ts';
import { usePruneOutgoing } from '../api/prune-outgoing.ts';
import { trainingKeys } from '../api/query-keys.ts';
import { useRecalculateStatistics } from '../api/recalculate-statistics.ts';
import { useStartDownload } from '../api/start-download.ts';
import { useStartRun } from '../api/start-run.ts';
import { useTrainModel } from '../api/train-model.ts';
import { AnalysisCard } from './analysis-card.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { calendarToday, type DateRange, initialRange, rangeProblem } from './date-range.ts';
import { DownloadCard, type PendingAction } from './download-card.tsx';
import { downloadOutcome } from './download-progress-state.ts';
import { buttonEnablement } from './enablement.ts';
import { downloadStartError, type ErrorToast, pruneError, runError, trainError } from './errors.ts';
import { sessionRange } from './session-view.ts';
import { TrainingDialog, type TrainingRun } from './training-dialog.tsx';

/** The toast stays readable this long before the page reloads after a prune (spec: a reload follows). */
const RELOAD_AFTER_PRUNE_MS = 1500;

const showError = ({ title, description }: ErrorToast) => toast.error(title, { description });

type TrainingWorkspaceProps = {
  accounts: TrainingAccount[];
  account: TrainingAccount;
  onSelectAccount: (id: string) => void;
};

/** Both cards of the Training screen for one account, with their actions, toasts and dialogs. */
export function TrainingWorkspace({ accounts, account, onSelectAccount }: TrainingWorkspaceProps) {
  const accountId = account.id;
  const queryClient = useQueryClient();
  const overview = useTrainingOverview(accountId);
  const sessions = useTrainingSessions(accountId);
  const topics = useTrainingAnalysis(accountId);
  const [reportOpen, setReportOpen] = useState(false);
  const profile = useStyleProfile(accountId, reportOpen);

  const download = useStartDownload();
  const run = useStartRun();
  const deleteEmails = useDeleteTrainingEmails();
  const deleteSession = useDeleteSession();
  const prune = usePruneOutgoing();
  const train = useTrainModel();
  const recalculate = useRecalculateStatistics();

  const [today] = useState(() => calendarToday(new Date()));
  const [editedRange, setEditedRange] = useState<DateRange | null>(null);
  const range = editedRange ?? (overview.data ? initialRange(today, overview.data.defaultRange) : { startDate: '', endDate: '' });

  // The session whose end this screen announces (one it started, or one it found running), and the last one that ended.
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const [finished, setFinished] = useState<TrainingSession | null>(null);
  const latest = overview.data?.latestSession ?? null;
  useEffect(() => {
    if (!watchedId && latest?.status === 'downloading') {
      setWatchedId(latest.id);
      return;
    }
    const outcome = downloadOutcome(watchedId, latest);
    if (!outcome || !latest) return;
    if (outcome.kind === 'completed') toast.success(outcome.title, { description: outcome.description });
    else toast.error(outcome.title, { description: outcome.description });
    setFinished(latest);
    setWatchedId(null);
  }, [watchedId, latest]);

  // The one-time completion check 2 s after a start (spec), on top of the 5 s poll.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const checkSoon = () => {
    timers.current.push(
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: trainingKeys.account(accountId) }), TRAINING_COMPLETION_CHECK_MS),
    );
  };

  const [confirming, setConfirming] = useState<'delete' | 'prune' | null>(null);
  const [trainingRun, setTrainingRun] = useState<TrainingRun | null>(null);

  const downloading = latest?.status === 'downloading';
  const pending: PendingAction = download.isPending
    ? 'download'
    : run.isPending
      ? run.variables?.run.contactsOnlyInbox
        ? 'inbox'
        : 'sent'
      : null;
  // Train Model, or work the server does that trains (a download, the initialization's style step).
  const training = train.isPending || overview.data?.trainingStatus === 'in_progress';
  const enablement = buttonEnablement({
    hasAccounts: accounts.length > 0,
    accountId: overview.data ? accountId : null,
    startDate: range.startDate,
    endDate: range.endDate,
    busy: pending !== null || prune.isPending,
    downloading,
    deleting: deleteEmails.isPending,
    training,
    trainingEmailsCount: overview.data?.trainingEmailsCount ?? 0,
    outgoingEmailsCount: overview.data?.outgoingEmailsCount ?? 0,
    analysis: overview.data?.analysis ?? null,
    trainingEmailsDownloadedOn: overview.data?.trainingEmailsDownloadedOn ?? null,
  });

  const started = (session: TrainingSession) => {
    setWatchedId(session.id);
    setFinished(null);
    toast.success(TRAINING_MESSAGES.downloadStarted, { description: TRAINING_LABELS.runStarted(sessionRange(session)) });
    checkSoon();
  };

  const onDownload = () => {
    const problem = rangeProblem({ accountId, ...range, today });
    if (problem) return showError(problem);
    download.mutate(
      { accountId, range },
      { onSuccess: ({ session }) => started(session), onError: (error) => showError(downloadStartError(error)) },
    );
  };

  const onRun = (kind: 'inbox' | 'sent') => {
    const problem = rangeProblem({ accountId, ...range, today, minMonths: 0 });
    if (problem) return showError(problem);
    run.mutate(
      { accountId, run: { contactsOnlyInbox: kind === 'inbox', styleOnlySent: kind === 'sent', ...range } },
      { onSuccess: ({ session }) => started(session), onError: (error) => showError(runError(error)) },
    );
  };

  const onDeleteAll = () =>
    deleteEmails.mutate(accountId, {
      onSuccess: (deleted) => {
        setConfirming(null);
        setEditedRange(null);
        setFinished(null);
        toast.success(TRAINING_LABELS.trainingEmailsDeletedTitle, { description: TRAINING_LABELS.trainingEmailsDeleted(deleted) });
      },
      onError: () => toast.error(TRAINING_MESSAGES.deleteFailedTitle, { description: TRAINING_MESSAGES.deleteTrainingEmailsFailed }),
    });

  const onPruneClick = () => {
    if (!overview.data) return toast.error(TRAINING_MESSAGES.noAccountSelectedTitle, { description: TRAINING_MESSAGES.noAccountSelected });
    if (overview.data.outgoingEmailsCount === 0)
      return toast.error(TRAINING_MESSAGES.noOutgoingTitle, { description: TRAINING_MESSAGES.noOutgoing });
    setConfirming('prune');
  };
  const onPrune = () =>
    prune.mutate(accountId, {
      onSuccess: ({ emailsDeleted }) => {
        setConfirming(null);
        toast.success(TRAINING_MESSAGES.emailsPruned, { description: TRAINING_LABELS.pruned(emailsDeleted) });
        timers.current.push(setTimeout(() => window.location.reload(), RELOAD_AFTER_PRUNE_MS));
      },
      onError: (error) => {
        setConfirming(null);
        showError(pruneError(error));
      },
    });

  const onTrain = () => {
    if (!overview.data) return toast.error(TRAINING_MESSAGES.noAccountSelectedTitle, { description: TRAINING_MESSAGES.noAccountSelected });
    setTrainingRun({ status: 'running' });
    toast(TRAINING_MESSAGES.trainingStarted, { description: TRAINING_LABELS.analyzingEmails });
    train.mutate(accountId, {
      onSuccess: async (result) => {
        setTrainingRun((current) => (current ? { status: 'done', result } : current));
        toast.success(TRAINING_MESSAGES.analysisCompleted, {
          description: TRAINING_LABELS.analyzedCount(result.sampleSize, result.emailsAnalyzed),
        });
        // The topic analysis is stored after the profile: Training Complete once it can be read back.
        const stored = await queryClient.fetchQuery({ ...trainingAnalysisQueryOptions(accountId), staleTime: 0 }).catch(() => null);
        if (stored) toast.success(TRAINING_MESSAGES.trainingComplete, { description: TRAINING_LABELS.reportReady });
        else toast.error(TRAINING_MESSAGES.failedToSaveAnalysis);
      },
      onError: (error) => {
        const failure = trainError(error);
        setTrainingRun((current) => (current ? { status: 'failed', ...failure } : current));
        showError(failure);
      },
    });
  };

  const onDeleteSession = (session: TrainingSession) =>
    deleteSession.mutate(session, {
      onSuccess: () => toast.success(TRAINING_MESSAGES.sessionDeleted),
      onError: () => toast.error(TRAINING_MESSAGES.deleteFailedTitle, { description: TRAINING_MESSAGES.deleteSessionFailed }),
    });

  const onRecalculate = () =>
    recalculate.mutate(accountId, {
      onSuccess: () => toast.success(TRAINING_MESSAGES.statisticsUpdatedTitle, { description: TRAINING_MESSAGES.statisticsUpdated }),
      onError: () => toast.error(TRAINING_MESSAGES.updateFailedTitle, { description: TRAINING_MESSAGES.updateFailed }),
    });

  const progress = downloading ? latest : finished && finished.id === latest?.id ? latest : null;

  return (
    <div className="space-y-6">
      <DownloadCard
        accounts={accounts}
        account={account}
        onSelectAccount={onSelectAccount}
        overview={overview.data}
        overviewError={overview.error}
        onRetryOverview={() => void overview.refetch()}
        range={range}
        onRangeChange={setEditedRange}
        today={today}
        enablement={enablement}
        pending={pending}
        deleting={deleteEmails.isPending}
        progress={progress}
        recalculating={recalculate.isPending}
        onRecalculate={onRecalculate}
        onBuildInboxContacts={() => onRun('inbox')}
        onGenerateSentStyleCorpus={() => onRun('sent')}
        onDownload={onDownload}
        onDelete={() => setConfirming('delete')}
      />
      {/* Below the download card, which grows when the account's data arrives: it comes with that data, so it does not jump. */}
      {overview.isPending ? null : (
        <AnalysisCard
          overview={overview.data}
          topics={topics.data}
          sessions={sessions.data ?? []}
          historyFailed={sessions.isError && !sessions.data}
          deletingSessionId={deleteSession.isPending ? (deleteSession.variables?.id ?? null) : null}
          enablement={enablement}
          training={training}
          pruning={prune.isPending}
          canPrune={overview.data !== undefined && !prune.isPending && !downloading && !training}
          onShowReport={() => setReportOpen(true)}
          onTrain={onTrain}
          onPrune={onPruneClick}
          onDeleteSession={onDeleteSession}
        />
      )}

      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title={TRAINING_MESSAGES.deleteConfirmTitle}
        body={TRAINING_MESSAGES.deleteConfirmBody(overview.data?.trainingEmailsCount ?? 0)}
        confirmLabel={TRAINING_MESSAGES.delete}
        pendingLabel={TRAINING_LABELS.deleting}
        pending={deleteEmails.isPending}
        onConfirm={onDeleteAll}
      />
      <ConfirmDialog
        open={confirming === 'prune'}
        onOpenChange={(open) => setConfirming(open ? 'prune' : null)}
        title={TRAINING_LABELS.pruneTitle}
        body={TRAINING_LABELS.pruneBody}
        confirmLabel={TRAINING_LABELS.prune}
        pendingLabel={TRAINING_LABELS.pruning}
        pending={prune.isPending}
        onConfirm={onPrune}
      />
      <TrainingDialog
        run={trainingRun}
        onOpenChange={(open) => (open ? undefined : setTrainingRun(null))}
        onViewReport={() => {
          setTrainingRun(null);
          setReportOpen(true);
        }}
      />
      <StyleReportDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        accountEmail={account.emailAddress}
        profile={profile.data}
        isPending={profile.isPending}
        error={profile.error}
      />
    </div>
  );
}
