import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { sendOwnMessageBySmtp } from '../delivery/service.ts';
import type { Deps } from '../deps.ts';
import { logger } from '../platform/logger.ts';
import * as repo from './repo.ts';

// The email copies of notifications (the "email" switch), apart from service.ts: delivery's service
// notifies (service.ts), and this sends through delivery's SMTP, so keeping them apart keeps the
// two areas free of a cycle.

const EMAIL_BATCH = 50;
/** A copy claimed this long ago and still 'sending' was left by a run that died: it is taken again. */
export const EMAIL_CLAIM_STALE_MS = 10 * 60_000;

/**
 * Sends the pending email copies, each to its user's sign-in address through one of the user's
 * accounts. A failure is logged and the copy marked failed: it never makes a notification (no loop).
 */
export async function sendPendingNotificationEmails(
  deps: Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'microsoft'> & { smtpCa?: string },
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await repo.claimPendingEmails(deps.db, EMAIL_BATCH, EMAIL_CLAIM_STALE_MS);
    if (batch.length === 0) break;
    for (const item of batch) {
      try {
        const sender = await repo.findEmailSender(deps.db, item.userId);
        if (!sender) throw new Error('no account can send');
        const raw = await new MailComposer({
          from: sender.emailAddress,
          to: item.to,
          subject: `Penman: ${item.title}`,
          text: `${item.body}\n`,
        })
          .compile()
          .build();
        await sendOwnMessageBySmtp(deps, { userId: item.userId, accountId: sender.id, to: item.to, raw });
        await repo.setEmailState(deps.db, item.id, 'sent');
        sent++;
      } catch (error) {
        // Not the error itself: it may quote the server's answer with addresses.
        logger.warn({ notificationId: item.id, code: (error as { code?: string }).code ?? null }, 'could not email a notification');
        await repo.setEmailState(deps.db, item.id, 'failed');
        failed++;
      }
    }
  }
  return { sent, failed };
}
