import { ACCOUNT_MESSAGES, type EmailAccount, INIT_STEP_FALLBACK_LABEL, INIT_STEP_LABELS, INIT_STEPS } from '@penman/contract';

type InitFields = Pick<EmailAccount, 'initializationStatus' | 'lastInitStep' | 'initializationError'>;

/** What the initialization area of an account shows, by status (spec part 1 section 4, part 2 section 4). */
export type InitializationView =
  | { kind: 'not_started' }
  | { kind: 'initializing'; stepLabel: string; stepNumber: number | null; stepCount: number }
  | { kind: 'failed'; error: string }
  | { kind: 'completed' };

/** The label of a step; any step we do not know reads 'Initializing'. */
export function initStepLabel(step: string | null | undefined): string {
  return step && Object.hasOwn(INIT_STEP_LABELS, step) ? INIT_STEP_LABELS[step as keyof typeof INIT_STEP_LABELS] : INIT_STEP_FALLBACK_LABEL;
}

export function initializationView(account: InitFields): InitializationView {
  switch (account.initializationStatus) {
    case 'initializing': {
      const index = account.lastInitStep ? INIT_STEPS.indexOf(account.lastInitStep) : -1;
      return {
        kind: 'initializing',
        stepLabel: initStepLabel(account.lastInitStep),
        stepNumber: index === -1 ? null : index + 1,
        stepCount: INIT_STEPS.length,
      };
    }
    case 'failed':
      return { kind: 'failed', error: account.initializationError || ACCOUNT_MESSAGES.initializationFailed };
    case 'completed':
      return { kind: 'completed' };
    default:
      return { kind: 'not_started' };
  }
}

/** A download is under way: a sync is running, or initialization is at its download step. */
export function isDownloading(account: Pick<EmailAccount, 'syncState' | 'initializationStatus' | 'lastInitStep'>): boolean {
  return account.syncState === 'running' || (account.initializationStatus === 'initializing' && account.lastInitStep === 'download');
}
