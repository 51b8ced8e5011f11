import { TRAINING_MESSAGES } from '@penman/contract';

/** A failed call as the toasts read it (an `ApiRequestError`: status 0 when the server was not reached). */
export type CallFailure = { status?: number; message: string };
export type ErrorToast = { title: string; description: string };

const isClientError = (error: CallFailure) => error.status !== undefined && error.status >= 400 && error.status < 500;

/** The server's own answer to a refused range carries the spec's text: show it under its own title. */
function rangeToast(error: CallFailure): ErrorToast | null {
  if (error.message === TRAINING_MESSAGES.invalidRange) return { title: TRAINING_MESSAGES.invalidRangeTitle, description: error.message };
  if (error.message === TRAINING_MESSAGES.missingInformation) {
    return { title: TRAINING_MESSAGES.missingInformationTitle, description: error.message };
  }
  return null;
}

/** Download Emails for Training refused: the server's reason (4xx), else 'Failed to start email download. Please try again.' */
export function downloadStartError(error: CallFailure): ErrorToast {
  return (
    rangeToast(error) ?? {
      title: TRAINING_MESSAGES.downloadFailedTitle,
      description: isClientError(error) && error.message.trim() ? error.message : TRAINING_MESSAGES.startDownloadFailed,
    }
  );
}

/** Build Inbox Contacts, Generate Sent Style Corpus and Train Model: 'Run Failed' with the message, or 'Unexpected error'. */
export function runError(error: CallFailure): ErrorToast {
  return (
    rangeToast(error) ?? { title: TRAINING_MESSAGES.runFailedTitle, description: error.message.trim() || TRAINING_MESSAGES.unexpectedError }
  );
}

/** Train Model: 'No Training Emails' without outgoing mail, else as a run. */
export function trainError(error: CallFailure): ErrorToast {
  if (error.message === TRAINING_MESSAGES.noTrainingEmails) {
    return { title: TRAINING_MESSAGES.noTrainingEmails, description: TRAINING_MESSAGES.noTrainingEmailsGuidance };
  }
  return runError(error);
}

/** Prune Outgoing Emails: 'No Outgoing Emails: ...' when the server found none, else 'Pruning Failed: ...'. */
export function pruneError(error: CallFailure): ErrorToast {
  if (isClientError(error) && error.message.startsWith(TRAINING_MESSAGES.noOutgoingTitle)) {
    return { title: TRAINING_MESSAGES.noOutgoingTitle, description: TRAINING_MESSAGES.noOutgoing };
  }
  return { title: TRAINING_MESSAGES.pruningFailedTitle, description: TRAINING_MESSAGES.pruningFailed };
}
