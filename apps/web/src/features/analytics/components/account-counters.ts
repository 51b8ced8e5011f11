import { ANALYTICS_LABELS, type EmailAccount, formatCount, TRAINING_FIGURES, TRAINING_STATUS_LABELS } from '@penman/contract';

const L = ANALYTICS_LABELS.details;

export type CounterRow = { label: string; value: string; counts?: string };

type Counters = Pick<
  EmailAccount,
  'contactsCount' | 'unreadEmailsCount' | 'emailsWithAttachmentsCount' | 'trainingStatus' | 'outgoingEmailsCount' | 'trainingEmailsCount'
>;

/**
 * The account's counters in the Account details card. Unread only where the provider keeps a read
 * state (the server answers null for an imported file). The training rows are the Training
 * screen's: the same status words and the same figures under the same labels.
 */
export function accountCounterRows(account: Counters): CounterRow[] {
  return [
    { label: L.contacts, value: formatCount(account.contactsCount) },
    ...(account.unreadEmailsCount === null ? [] : [{ label: L.unread, value: formatCount(account.unreadEmailsCount) }]),
    { label: L.withAttachments, value: formatCount(account.emailsWithAttachmentsCount) },
    { label: L.training, value: TRAINING_STATUS_LABELS[account.trainingStatus] },
    { ...figure(TRAINING_FIGURES.trainingEmailsAvailable), value: formatCount(account.outgoingEmailsCount) },
    { ...figure(TRAINING_FIGURES.downloadedForTraining), value: formatCount(account.trainingEmailsCount) },
  ];
}

const figure = ({ label, counts }: { label: string; counts: string }) => ({ label, counts });
