import type { SyncAccount } from '../repo.ts';
import { createGmailConnector } from './gmail/gmail-connector.ts';
import { watchImapInbox } from './imap/imap-idle.ts';
import {
  type ConnectorOptions,
  imapSettings,
  MAIL_HOST_MESSAGES,
  MICROSOFT_NOT_CONFIGURED,
  microsoftImapSettings,
  withMicrosoftAccessToken,
} from './index.ts';
import { resolveMailHost } from './mail-host.ts';
import { type FolderCursor, type InboxWatch, MailError } from './types.ts';

export type { InboxWatch } from './types.ts';

/** How an account's INBOX is watched: IMAP holds a connection open, Gmail is polled over HTTP. */
export type WatchKind = 'imap' | 'gmail';

export function watchKindOf(account: Pick<SyncAccount, 'provider'>): WatchKind | null {
  if (account.provider === 'exchange' || account.provider === 'outlook') return 'imap';
  if (account.provider === 'gmail') return 'gmail';
  return null;
}

export type OpenInboxWatch = (
  account: SyncAccount,
  params: {
    onNewMail: () => void;
    /** The stored INBOX cursor (Gmail: `modseq` is the history id the sync completed the folder at). */
    inboxCursor: () => Promise<FolderCursor | undefined>;
    gmailPollMs: number;
  },
) => Promise<InboxWatch>;

/**
 * Gmail has no push without a Cloud Pub/Sub topic: every `pollMs`, users.history.list from the
 * history id the last sync stored (then from the last one seen), through the connector's own
 * listing. Mail added to INBOX, or a history id too old for Gmail (the sync then lists afresh),
 * calls `onNewMail`. Any error ends the watch; the watcher opens it again after a back-off.
 */
function pollGmailInbox(connector: ReturnType<typeof createGmailConnector>, params: Parameters<OpenInboxWatch>[1]): InboxWatch {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let seen: string | undefined;
  // The poll under way, awaited by close(): a closed watch makes no more requests.
  let polling: Promise<void> | undefined;
  let resolveClosed: (error: MailError | null) => void = () => {};
  const closed = new Promise<MailError | null>((resolve) => {
    resolveClosed = resolve;
  });
  const poll = async () => {
    timer = undefined;
    try {
      const start = seen ?? (await params.inboxCursor())?.modseq;
      // No history id yet: the INBOX has not been completed once; the schedule's syncs do it.
      if (start && !stopped) {
        const [inbox] = await connector.listFolders();
        if (stopped) return;
        const list = await connector.listMessageIds(inbox!, { cursor: { modseq: start } });
        if (stopped) return;
        if (list.reset || list.ids.length > 0) params.onNewMail();
        if (!list.reset) seen = list.cursor.modseq ?? start;
      }
    } catch (error) {
      if (stopped) return;
      stopped = true;
      resolveClosed(error instanceof MailError ? error : new MailError('TEMPORARY', String(error)));
      return;
    }
    if (!stopped) timer = setTimeout(runPoll, params.gmailPollMs);
  };
  const runPoll = () => {
    polling = poll().finally(() => {
      polling = undefined;
    });
  };
  timer = setTimeout(runPoll, 0);
  return {
    closed,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      resolveClosed(null);
    },
  };
}

/** The one place that turns an account into a watch of its INBOX; secrets are decrypted here, as the sync does, and never logged. */
export function inboxWatchFactory(options: ConnectorOptions): OpenInboxWatch {
  return async (account, params) => {
    if (!account.encryptedPassword) throw new MailError('AUTH', 'No credentials stored for this account');
    const secret = options.secretBox.decrypt(account.encryptedPassword);
    switch (watchKindOf(account)) {
      case 'imap': {
        if (account.provider === 'outlook') {
          const microsoft = options.microsoft;
          if (!microsoft) throw new MailError('NOT_FOUND', MICROSOFT_NOT_CONFIGURED);
          const settings = microsoftImapSettings(microsoft, account);
          return withMicrosoftAccessToken(microsoft, account, (accessToken) =>
            watchImapInbox({ ...settings, accessToken, ...(options.imapCa ? { ca: options.imapCa } : {}) }, params.onNewMail),
          );
        }
        const settings = imapSettings(account);
        const target = await resolveMailHost(settings.host, { allowPrivate: options.allowPrivateHosts });
        if ('refused' in target) {
          if (target.refused === 'private') throw new MailError('NOT_FOUND', MAIL_HOST_MESSAGES.privateHost);
          throw new MailError('TEMPORARY', MAIL_HOST_MESSAGES.unresolved(settings.host));
        }
        return watchImapInbox({ ...settings, address: target.address, password: secret, ca: options.imapCa }, params.onNewMail);
      }
      case 'gmail': {
        if (!options.google) throw new MailError('NOT_FOUND', 'Gmail is not configured on this server.');
        return pollGmailInbox(createGmailConnector({ google: options.google, refreshToken: secret }), params);
      }
      default:
        throw new MailError('NOT_FOUND', `Watching ${account.provider} accounts is not available`);
    }
  };
}
