import { TRAINING_LABELS, TRAINING_MESSAGES, type TrainingOverview, type TrainingSession } from '@penman/contract';
import { CircleAlert, Contact, Download, FilePenLine, LoaderCircle, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { TrainingAccount } from '../api/get-training-accounts.ts';
import type { CalendarDate, DateRange } from './date-range.ts';
import { formatCalendarDate } from './date-range.ts';
import { DownloadProgress } from './download-progress.tsx';
import type { Enablement } from './enablement.ts';
import { TrainingDetails } from './training-details.tsx';

/** A date the End Date input never goes below when Start is empty. */
const EARLIEST_DATE = '1990-01-01';

export type PendingAction = 'download' | 'inbox' | 'sent' | null;

type DownloadCardProps = {
  accounts: TrainingAccount[];
  account: TrainingAccount;
  onSelectAccount: (id: string) => void;
  overview: TrainingOverview | undefined;
  overviewError: Error | null;
  onRetryOverview: () => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  today: CalendarDate;
  enablement: Enablement;
  pending: PendingAction;
  deleting: boolean;
  /** The running session, or the watched one that just ended. */
  progress: TrainingSession | null;
  recalculating: boolean;
  onRecalculate: () => void;
  onBuildInboxContacts: () => void;
  onGenerateSentStyleCorpus: () => void;
  onDownload: () => void;
  onDelete: () => void;
};

/** Card 'Download Emails for Training': account, range, details, the four actions and the download's progress. */
export function DownloadCard(props: DownloadCardProps) {
  const { overview, range, today } = props;
  const titleId = useId();
  const startId = useId();
  const endId = useId();
  const rangeHintId = useId();
  const hasTrainingEmails = (overview?.trainingEmailsCount ?? 0) > 0;

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{TRAINING_MESSAGES.downloadCardTitle}</CardTitle>
        <CardDescription>{TRAINING_LABELS.downloadCardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
          <AccountPicker accounts={props.accounts} account={props.account} onSelect={props.onSelectAccount} />
          {overview && !hasTrainingEmails ? (
            <fieldset className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" aria-describedby={rangeHintId}>
              <legend className="sr-only">{TRAINING_LABELS.rangeHint}</legend>
              <div className="grid gap-2">
                <Label htmlFor={startId}>{TRAINING_MESSAGES.startDate}</Label>
                <Input
                  id={startId}
                  type="date"
                  value={range.startDate}
                  max={range.endDate || today}
                  onChange={(event) => props.onRangeChange({ ...range, startDate: event.target.value })}
                  className="md:w-44"
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={endId}>{TRAINING_MESSAGES.endDate}</Label>
                <Input
                  id={endId}
                  type="date"
                  value={range.endDate}
                  min={range.startDate || EARLIEST_DATE}
                  max={today}
                  onChange={(event) => props.onRangeChange({ ...range, endDate: event.target.value })}
                  className="md:w-44"
                />
              </div>
            </fieldset>
          ) : null}
        </div>
        {overview && !hasTrainingEmails ? (
          <p id={rangeHintId} className="-mt-2 text-xs text-muted-foreground">
            {TRAINING_LABELS.rangeHint}
          </p>
        ) : null}
        {overview && hasTrainingEmails ? (
          <p className="text-sm text-muted-foreground">
            {TRAINING_LABELS.hasTrainingEmails(overview.trainingEmailsCount)}{' '}
            {range.startDate && range.endDate
              ? TRAINING_LABELS.rangeInUse(formatCalendarDate(range.startDate), formatCalendarDate(range.endDate))
              : null}
          </p>
        ) : null}

        {overview ? (
          <TrainingDetails overview={overview} recalculating={props.recalculating} onRecalculate={props.onRecalculate} />
        ) : props.overviewError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
          >
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              {TRAINING_LABELS.loadFailed} {props.overviewError.message}
            </span>
            <Button size="sm" variant="outline" onClick={props.onRetryOverview}>
              {TRAINING_LABELS.retry}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center gap-2 rounded-lg border px-4 py-6 text-sm text-muted-foreground">
            <Spinner />
            {TRAINING_LABELS.loading}
          </div>
        )}

        {props.progress ? <DownloadProgress session={props.progress} /> : null}

        {/* The actions come with the account's data: drawn under the loading line, its arrival pushed them off a phone's screen. */}
        {overview || props.overviewError ? <Actions {...props} /> : null}
      </CardContent>
    </Card>
  );
}

/** The card's four actions. */
function Actions(props: DownloadCardProps) {
  const { enablement, pending } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={props.onBuildInboxContacts} disabled={!enablement.buildInboxContacts}>
        {pending === 'inbox' ? <Spinner /> : <Contact aria-hidden="true" />}
        {TRAINING_MESSAGES.buildInboxContacts}
      </Button>
      <Button variant="outline" onClick={props.onGenerateSentStyleCorpus} disabled={!enablement.generateSentStyleCorpus}>
        {pending === 'sent' ? <Spinner /> : <FilePenLine aria-hidden="true" />}
        {TRAINING_MESSAGES.generateSentStyleCorpus}
      </Button>
      <Button onClick={props.onDownload} disabled={!enablement.download}>
        {pending === 'download' ? (
          <Spinner />
        ) : progressRunning(props.progress) ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Download aria-hidden="true" />
        )}
        {TRAINING_MESSAGES.downloadForTraining}
      </Button>
      <Button
        variant="outline"
        className="border-destructive/40 text-destructive hover:bg-destructive/5 hover:text-destructive sm:ml-auto"
        onClick={props.onDelete}
        disabled={!enablement.deleteAll}
      >
        {props.deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
        {TRAINING_MESSAGES.deleteAllTrainingEmails}
      </Button>
    </div>
  );
}

const progressRunning = (session: TrainingSession | null) => session?.status === 'downloading';

/** The email account picker; with only one account it is plain text (spec). */
function AccountPicker({
  accounts,
  account,
  onSelect,
}: {
  accounts: TrainingAccount[];
  account: TrainingAccount;
  onSelect: (id: string) => void;
}) {
  const id = useId();
  if (accounts.length === 1) {
    return (
      <dl className="grid min-w-0 gap-2">
        <dt className="text-sm font-medium leading-none">{TRAINING_MESSAGES.emailAccount}</dt>
        <dd className="flex h-10 items-center truncate text-sm">{account.emailAddress}</dd>
      </dl>
    );
  }
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{TRAINING_MESSAGES.emailAccount}</Label>
      <select
        id={id}
        value={account.id}
        onChange={(event) => onSelect(event.target.value)}
        className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        {accounts.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.emailAddress}
          </option>
        ))}
      </select>
    </div>
  );
}
