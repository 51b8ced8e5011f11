/** What the Training screen knows when it decides which buttons work (spec part 2 section 5). */
export type EnablementInput = {
  hasAccounts: boolean;
  accountId: string | null;
  startDate: string;
  endDate: string;
  /** A start, run, prune or train request is on its way. */
  busy: boolean;
  /** A download session is running (the Download in Progress box shows). */
  downloading: boolean;
  deleting: boolean;
  training: boolean;
  /** Emails flagged as training data (what Delete All Training Emails removes). */
  trainingEmailsCount: number;
  outgoingEmailsCount: number;
  /** The last style analysis, when one exists. */
  analysis: { sampleSize: number; analysisDate: string } | null;
  /** When a training download last completed. */
  trainingEmailsDownloadedOn: string | null;
};

export type Enablement = {
  download: boolean;
  buildInboxContacts: boolean;
  generateSentStyleCorpus: boolean;
  deleteAll: boolean;
  trainModel: boolean;
  /** Train Model is off only because the last analysis already read every outgoing email. */
  upToDate: boolean;
  showReport: boolean;
};

/**
 * The spec's button rules:
 * - Download, Build Inbox Contacts and Generate Sent Style Corpus need an account and both dates, and
 *   nothing busy; Download also not while deleting, nor when training emails already exist.
 * - Delete is off while downloading or deleting, or with no training emails.
 * - Train Model is off while busy or training, without an account or outgoing email, and once the
 *   last analysis has read them all (it can run again when the outgoing emails exceed its sample,
 *   or when training emails were downloaded after it).
 * - The report needs an analysis.
 */
export function buttonEnablement(input: EnablementInput): Enablement {
  const busy = input.busy || input.downloading;
  const canRun = input.hasAccounts && input.accountId !== null && input.startDate !== '' && input.endDate !== '' && !busy;
  const newTrainingData =
    input.analysis !== null &&
    input.trainingEmailsDownloadedOn !== null &&
    Date.parse(input.trainingEmailsDownloadedOn) > Date.parse(input.analysis.analysisDate);
  const upToDate =
    input.analysis !== null && input.outgoingEmailsCount > 0 && input.outgoingEmailsCount <= input.analysis.sampleSize && !newTrainingData;
  const canTrain = !busy && !input.deleting && !input.training && input.accountId !== null && input.outgoingEmailsCount > 0;
  return {
    download: canRun && !input.deleting && input.trainingEmailsCount === 0,
    buildInboxContacts: canRun && !input.deleting,
    generateSentStyleCorpus: canRun && !input.deleting,
    deleteAll: input.accountId !== null && !input.downloading && !input.deleting && input.trainingEmailsCount > 0,
    trainModel: canTrain && !upToDate,
    upToDate: canTrain && upToDate,
    showReport: input.analysis !== null,
  };
}
