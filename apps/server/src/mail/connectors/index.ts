import { DEFAULT_EXCHANGE_SERVER, DEFAULT_IMAP_PORT, MICROSOFT_MESSAGES } from '@penman/contract';
import type { SecretBox } from '../../platform/crypto.ts';
import type { GoogleConfig } from '../../platform/google.ts';
import { type MicrosoftAccountRef, type MicrosoftMail, MicrosoftTokenError } from '../../platform/microsoft.ts';
import type { LocalStorage } from '../../platform/storage.ts';
import type { SyncAccount } from '../repo.ts';
import { createGmailConnector } from './gmail/gmail-connector.ts';
import { createImapConnector, type ImapConfig } from './imap/imap-connector.ts';
import { resolveMailHost } from './mail-host.ts';
import { decodeMailboxSecret, openMailboxFile } from './mbox/mbox-connector.ts';
import { type MailConnector, MailError } from './types.ts';

export type ConnectorOptions = {
  secretBox: SecretBox;
  /** Where imported mailbox files are (their keys are in the account's secret). */
  storage: LocalStorage;
  /** Extra trusted CA for IMAP (tests). */
  imapCa?: string;
  /** Gmail's OAuth client and endpoints (GOOGLE_*); absent or null = Gmail not configured. */
  google?: GoogleConfig | null;
  /** Microsoft 365 / Outlook.com (MICROSOFT_*): its servers and access tokens; absent or null = not configured. */
  microsoft?: MicrosoftMail | null;
  /** False with open sign-up: IMAP hosts on loopback, private or link-local addresses are refused. */
  allowPrivateHosts: boolean;
};

export const MAIL_HOST_MESSAGES = {
  privateHost: 'This server does not connect to mail servers on private or local network addresses.',
  unresolved: (host: string) => `The mail server name ${host} could not be resolved.`,
} as const;

/** IMAP settings of an account, with the spec's defaults (outlook.office365.com, port 993). */
export function imapSettings(account: Pick<SyncAccount, 'emailAddress' | 'serverUrl' | 'port' | 'username'>) {
  return {
    host: account.serverUrl?.trim() || DEFAULT_EXCHANGE_SERVER,
    port: account.port ?? DEFAULT_IMAP_PORT,
    user: account.username?.trim() || account.emailAddress,
  };
}

export const MICROSOFT_NOT_CONFIGURED = 'Microsoft is not configured on this server (MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET).';

/** IMAP settings of an outlook account: Microsoft's server (the operator's setting, not the user's), the address as user. */
export function microsoftImapSettings(
  microsoft: MicrosoftMail,
  account: Pick<SyncAccount, 'emailAddress' | 'username'>,
): Omit<ImapConfig, 'password' | 'accessToken'> {
  const { host, port } = microsoft.oauth.config.imap;
  return { host, port, user: account.username?.trim() || account.emailAddress };
}

/**
 * Opens an IMAP connection of an outlook account with its access token (XOAUTH2). When the server
 * refuses the token, one fresh token is tried (it may have been revoked or expired early); refused
 * again, the mailbox does not allow IMAP (or the consent lacks it): AUTH with Microsoft's message.
 */
export async function withMicrosoftAccessToken<T>(
  microsoft: MicrosoftMail,
  account: MicrosoftAccountRef,
  open: (accessToken: string) => Promise<T>,
): Promise<T> {
  const token = async (renew: boolean) => {
    try {
      return await microsoft.accessToken(account, { renew });
    } catch (error) {
      if (error instanceof MicrosoftTokenError) throw new MailError(error.code, error.message, { cause: error });
      throw error;
    }
  };
  const accessToken = await token(false);
  try {
    return await open(accessToken);
  } catch (error) {
    if (!(error instanceof MailError && error.code === 'AUTH')) throw error;
  }
  const renewed = await token(true);
  try {
    return await open(renewed);
  } catch (error) {
    if (error instanceof MailError && error.code === 'AUTH') throw new MailError('AUTH', MICROSOFT_MESSAGES.imapDisabled, { cause: error });
    throw error;
  }
}

/** The one place that turns an account into a connector for its provider. */
export function connectorFactory(options: ConnectorOptions) {
  return async (account: SyncAccount): Promise<MailConnector> => {
    if (!account.encryptedPassword) throw new MailError('AUTH', 'No credentials stored for this account');
    const secret = options.secretBox.decrypt(account.encryptedPassword);
    switch (account.provider) {
      case 'exchange': {
        const settings = imapSettings(account);
        // Checked on every connection, not only when the account was added: a DNS answer can change.
        const target = await resolveMailHost(settings.host, { allowPrivate: options.allowPrivateHosts });
        if ('refused' in target) {
          if (target.refused === 'private') throw new MailError('NOT_FOUND', MAIL_HOST_MESSAGES.privateHost);
          throw new MailError('TEMPORARY', MAIL_HOST_MESSAGES.unresolved(settings.host));
        }
        return createImapConnector({ ...settings, address: target.address, password: secret, ca: options.imapCa });
      }
      case 'outlook': {
        const microsoft = options.microsoft;
        if (!microsoft) throw new MailError('NOT_FOUND', MICROSOFT_NOT_CONFIGURED);
        const settings = microsoftImapSettings(microsoft, account);
        return withMicrosoftAccessToken(microsoft, account, (accessToken) =>
          createImapConnector({ ...settings, accessToken, ...(options.imapCa ? { ca: options.imapCa } : {}) }),
        );
      }
      case 'gmail': {
        const google = options.google;
        if (!google) throw new MailError('NOT_FOUND', 'Gmail is not configured on this server (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET).');
        return createGmailConnector({ google, refreshToken: secret });
      }
      case 'mbox': {
        const file = decodeMailboxSecret(secret);
        return openMailboxFile({ path: options.storage.absolutePath(file.key), sentOnly: file.sentOnly });
      }
      default:
        throw new MailError('NOT_FOUND', `Syncing ${account.provider} accounts is not available`);
    }
  };
}
